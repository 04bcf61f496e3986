import type { ExposureRules, ModuleManifest, ReleaseDiff } from '@platform/schemas';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { FRAME_KEYS } from '../manifests/validateManifestSet.ts';
import { walkRoutes } from '../manifests/walkRoutes.ts';

type RouteFacts = { module: string; fullPath: string; title: string; roles: string[] | null };

/** Exposure with absent rules spelled out, so "not set" and "every role" compare equal. */
function exposureRules(manifest: ModuleManifest): ExposureRules {
  const exposure = manifest.exposure ?? {};
  return {
    roles: exposure.roles ? [...exposure.roles] : null,
    environments: exposure.environments ? [...exposure.environments] : null,
    enabledForNewCustomers: exposure.enabledForNewCustomers ?? true,
  };
}

/** Every address of a module with its title and role limit; a layout and its index child share one, and the child (the page) wins. */
function routesOf(key: string, manifest: ModuleManifest): Map<string, RouteFacts> {
  const out = new Map<string, RouteFacts>();
  walkRoutes(manifest.routes, manifest.baseUrl, ({ route, fullPath }) => {
    // Redirects and catch-alls are not pages anyone lands on; listing them would be noise.
    if (route.redirect || fullPath.endsWith('*')) return;
    out.set(fullPath, { module: key, fullPath, title: route.title ?? '', roles: route.roles ? [...route.roles] : null });
  });
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What changes for users going from release `from` to release `to`: modules one registers and the
 * other does not, names, exposure rules, and the pages of modules both have. It is the preview's
 * comparison for everyone at once: a module gained or lost is one change, not one per page.
 */
export function compareReleases(from: ManifestSet, to: ManifestSet, productName: string): ReleaseDiff {
  const name = (manifest: ModuleManifest | undefined, key: string) => manifest?.name.replaceAll('{product}', productName) ?? key;
  const keysOf = (set: ManifestSet) => [...FRAME_KEYS, ...set.registry];
  const fromKeys = new Set(keysOf(from));
  const toKeys = new Set(keysOf(to));
  const diff: ReleaseDiff = {
    from: from.release,
    to: to.release,
    identical: from.release === to.release,
    modules: [
      ...keysOf(to)
        .filter((k) => !fromKeys.has(k))
        .map((key) => ({ key, name: name(to.modules.get(key), key), change: 'added' as const })),
      ...keysOf(from)
        .filter((k) => !toKeys.has(k))
        .map((key) => ({ key, name: name(from.modules.get(key), key), change: 'removed' as const })),
    ],
    renamed: [],
    exposure: [],
    bundles: [],
    routesAdded: [],
    routesRemoved: [],
    routesRetitled: [],
    routeRoles: [],
  };
  for (const key of keysOf(to).filter((k) => fromKeys.has(k))) {
    const before = from.modules.get(key);
    const after = to.modules.get(key);
    if (!before || !after) continue;
    const [beforeName, afterName] = [name(before, key), name(after, key)];
    if (beforeName !== afterName) diff.renamed.push({ key, from: beforeName, to: afterName });
    const [beforeExposure, afterExposure] = [exposureRules(before), exposureRules(after)];
    if (!same(beforeExposure, afterExposure)) diff.exposure.push({ key, name: afterName, from: beforeExposure, to: afterExposure });
    const [beforeBundle, afterBundle] = [before.bundle?.version ?? null, after.bundle?.version ?? null];
    if (beforeBundle !== afterBundle) diff.bundles.push({ key, name: afterName, from: beforeBundle, to: afterBundle });
    const [beforeRoutes, afterRoutes] = [routesOf(key, before), routesOf(key, after)];
    for (const route of afterRoutes.values()) {
      const old = beforeRoutes.get(route.fullPath);
      if (!old) diff.routesAdded.push({ module: key, fullPath: route.fullPath, title: route.title });
      else {
        if (old.title !== route.title) diff.routesRetitled.push({ module: key, fullPath: route.fullPath, from: old.title, to: route.title });
        if (!same(old.roles, route.roles)) diff.routeRoles.push({ module: key, fullPath: route.fullPath, from: old.roles, to: route.roles });
      }
    }
    for (const route of beforeRoutes.values()) {
      if (!afterRoutes.has(route.fullPath)) diff.routesRemoved.push({ module: key, fullPath: route.fullPath, title: route.title });
    }
  }
  return diff;
}
