import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { buildUserManifest } from '../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../config-service/src/manifests/loadManifestSet.ts';
import { buildRoutes, ROUTER_BUILD_MEASURE } from './buildRoutes.tsx';
import { breadcrumbTrail } from '../navigation/breadcrumbTrail.ts';
import { isRouteHandle } from '../navigation/routeHandle.ts';

const set = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);
const manifest = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const routes = buildRoutes(manifest.shell, [manifest.dash, ...manifest.modules]);
const leafAt = (path: string) => {
  const handle = matchRoutes(routes, path)?.at(-1)?.route.handle;
  return isRouteHandle(handle) ? handle : undefined;
};

describe('buildRoutes', () => {
  it.each([
    ['/rail/admin/calculations', 'rail.adminCalculations'],
    ['/rail/P1', 'rail.project.overview'],
    ['/asset-management/assets/new', 'am.assetNew'],
    ['/asset-management/assets/A1', 'am.asset'],
    ['/life-cost/projects/P1/analyses/new', 'lcc.analysisNew'],
  ])('lets static segments win over parameters: %s is %s', (path, name) => {
    expect(leafAt(path)?.route.name).toBe(name);
  });

  it.each([
    ['/asset-life', 'hs.sites'],
    ['/asset-life/sites', 'hs.sites'],
    ['/asset-life/sites/S1/assets', 'hs.site'],
    ['/asset-life/sites/S1/assets/A1', 'hs.asset.majorComponents'],
    ['/asset-life/sites/S1/assets/A1/major-components', 'hs.asset.majorComponents'],
    ['/asset-life/sites/S1/assets/A1/major-components/M1', 'hs.majorComponent.bom'],
    ['/model-builder', 'mb.clp'],
    ['/mapping/scada-tags', 'mp.scadaTags.masterfile'],
    ['/settings', 'settings.customers'],
    ['/', 'emptyPage'],
  ])('renders a default or alias in place: %s shows %s', (path, name) => {
    expect(leafAt(path)?.route.name).toBe(name);
  });

  it('turns a redirect into a route with its target', () => {
    expect(leafAt('/ingestion')?.route.redirectTo).toBe('/ingestion/file-summary');
    expect(leafAt('/ingestion/coverage')?.route.redirectTo).toBe('/ingestion/coverage/device');
    expect(leafAt('/coredata/configs')?.route.redirectTo).toBe('/coredata/configs/damageModeConfig');
  });

  it('leaves an address no route has to the catch-all', () => {
    expect(leafAt('/no/such/page')?.route.name).toBe('notFound');
    expect(leafAt('/asset-life/nothing-here/at/all')?.route.name).toBe('notFound');
  });

  it('builds the breadcrumb trail from the addresses above the screen', () => {
    const leaf = leafAt('/asset-life/sites/S1/assets/A1/history');
    expect(leaf).toBeDefined();
    const trail = breadcrumbTrail(leaf!.module, leaf!.route, { site_id: 'S1', asset_id: 'A1' });
    expect(trail.map((c) => c.label)).toEqual(['Asset Life', 'Sites', 'Site S1', 'Asset A1', 'History of asset A1']);
    expect(trail.at(-2)?.to).toBe('/asset-life/sites/S1/assets/A1');
  });

  it('leaves a User Timing measure of each build, for the sign-in benchmark to read', () => {
    performance.clearMeasures(ROUTER_BUILD_MEASURE);
    buildRoutes(manifest.shell, [manifest.dash, ...manifest.modules]);
    const [measure, ...more] = performance.getEntriesByName(ROUTER_BUILD_MEASURE, 'measure') as PerformanceMeasure[];
    expect(more).toEqual([]);
    expect(measure?.duration).toBeGreaterThanOrEqual(0);
    expect(measure?.detail).toEqual({ modules: manifest.modules.length + 1 });
  });
});
