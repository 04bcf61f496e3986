import type { AdminModuleList } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import type { ServedManifests } from '../releases/servedManifests.ts';
import { walkRoutes } from './walkRoutes.ts';

export interface OverviewContext {
  environment: string;
  productName: string;
}

/**
 * What an administrator needs to see of the modules in service: each one's exposure (absent rules
 * spelled out as "everyone"), its routes limited to some roles, and the problems the last refused
 * edit of its file had, so a broken edit shows against the module it would have changed.
 */
export function moduleOverview(manifests: ServedManifests, context: OverviewContext): AdminModuleList {
  const set = manifests.current();
  const status = manifests.status();
  const { rejected } = status;
  const problems = rejected?.problems ?? [];
  return {
    environment: context.environment,
    manifests: {
      version: status.release,
      loadedAt: status.loadedAt,
      history: manifests.recentReleases().map(({ release, loadedAt }) => ({ version: release, loadedAt })),
      rejected: rejected && { at: rejected.at, problems: rejected.problems, moreProblems: rejected.moreProblems },
    },
    modules: set.registry.map((key) => {
      const manifest = set.modules.get(key);
      // A loaded set has a manifest for every registered key; one without is a fault of the service, not the request.
      if (!manifest) throw new PlatformError('CFG_ERR_INTERNAL', `manifest set has no module '${key}'`);
      const file = set.files.get(key) ?? `${key}.json`;
      const exposure = manifest.exposure ?? {};
      let routeCount = 0;
      const restrictedRoutes: AdminModuleList['modules'][number]['restrictedRoutes'] = [];
      walkRoutes(manifest.routes, manifest.baseUrl, ({ route, fullPath }) => {
        routeCount += 1;
        if (route.roles) restrictedRoutes.push({ ...(route.name ? { name: route.name } : {}), fullPath, roles: [...route.roles] });
      });
      const own = problems.filter((p) => p.file === file);
      return {
        key,
        name: manifest.name.replaceAll('{product}', context.productName),
        baseUrl: manifest.baseUrl,
        file,
        exposure: {
          roles: exposure.roles ? [...exposure.roles] : null,
          environments: exposure.environments ? [...exposure.environments] : null,
          enabledForNewCustomers: exposure.enabledForNewCustomers ?? true,
        },
        servedInEnvironment: !exposure.environments || exposure.environments.includes(context.environment),
        routeCount,
        restrictedRoutes,
        status: own.length || rejected?.moreByFile.get(file) ? 'rejected' : 'valid',
        problems: own,
        moreProblems: rejected?.moreByFile.get(file) ?? 0,
      };
    }),
  };
}
