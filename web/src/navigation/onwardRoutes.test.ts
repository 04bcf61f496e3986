import { describe, expect, it } from 'vitest';
import { allRoutes, findRoute, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { buildUserManifest } from '../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../config-service/src/manifests/loadManifestSet.ts';
import { hasOwnParam, onwardRoutes, openers } from './onwardRoutes.ts';

const set = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);
const manifest = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const modules = [manifest.dash, ...manifest.modules];

const moduleOf = (key: string) => modules.find((m) => m.key === key) as ModuleView;
const named = (module: ModuleView, name: string) => findRoute(module.routes, name) as ResolvedRoute;
const onwardNames = (key: string, name: string) => onwardRoutes(moduleOf(key), named(moduleOf(key), name)).map((r) => r.name);

describe('onwardRoutes', () => {
  it('gives every screen of the staff manifest that navigation cannot link to a screen that opens it', () => {
    const orphans = modules.flatMap((m) => {
      const opened = openers(m);
      return [...allRoutes(m.routes)].filter((r) => r.redirectTo === undefined && r.path !== '*' && hasOwnParam(r) && !opened.has(r)).map((r) => r.fullPath);
    });
    expect(orphans).toEqual([]);
  });

  it('opens a detail screen from the deepest screen its address starts with', () => {
    expect(onwardNames('mr', 'mr.home')).toEqual(['mr.domain']);
    expect(onwardNames('mr', 'mr.jobs')).toEqual(['mr.job']);
    expect(onwardNames('mr', 'mr.job')).toEqual(['mr.jobLogs']);
    expect(onwardNames('hs', 'hs.site')).toEqual(['hs.asset']);
    expect(onwardNames('hs', 'hs.asset.majorComponents')).toEqual(['hs.majorComponent']);
    expect(onwardNames('rail', 'rail.project.overview')).toEqual([
      'rail.scenario',
      'rail.scenarioEdit',
      'rail.newEconomic',
      'rail.newWear',
      'rail.addEconomic',
      'rail.addWear',
    ]);
    expect(onwardNames('mb', 'mb.clp')).toEqual(['mb.jobNew', 'mb.job']);
  });

  it("opens an address beside every section from the module's first section", () => {
    expect(onwardNames('ig', 'ig.fileSummary')).toEqual(['ig.deviceCoverageBasic']);
  });

  it('leaves a screen with nothing below it alone', () => {
    expect(onwardNames('mr', 'mr.jobLogs')).toEqual([]);
    expect(onwardNames('hs', 'hs.asset.history')).toEqual([]);
  });
});
