import { describe, expect, it } from 'vitest';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { buildUserManifest } from '../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../config-service/src/manifests/loadManifestSet.ts';
import { breadcrumbTrail } from './breadcrumbTrail.ts';
import { moduleLink, routeLink } from './routeLink.ts';

const set = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);
const staff = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const moduleOf = (key: string) => staff.modules.find((m) => m.key === key)!;
const routeNamed = (module: ModuleView, name: string) => module.routes.find((r) => r.name === name)!;

const route = (fullPath: string, extra: Partial<ResolvedRoute> = {}): ResolvedRoute => ({
  path: fullPath.split('/').at(-1)!,
  fullPath,
  index: false,
  aliases: [],
  access: 'signedIn',
  showNistWarning: false,
  children: [],
  ...extra,
});

describe('links to routes', () => {
  it.each([
    ['mb', 'mb.softwareDownloads', '/model-builder/software-downloads?showNistWarning=1'],
    ['td', 'td.modelLibrary', '/technical-dashboard/model-library?showNistWarning=1'],
    ['mb', 'mb.dce', '/model-builder/dce'],
  ])('%s %s is linked as %s', (key, name, link) => {
    expect(routeLink(routeNamed(moduleOf(key), name))).toBe(link);
  });

  it('fills in the parameters of an export-controlled route before asking for the warning', () => {
    expect(routeLink(route('/td/models/:modelId', { showNistWarning: true }), { modelId: 'a b' })).toBe('/td/models/a%20b?showNistWarning=1');
  });

  it('warns on the link to a module whose landing screen is export-controlled, through its default or its redirect', () => {
    const byDefault = { baseUrl: '/x', landingPath: '/x', routes: [route('/x/files', { index: true, showNistWarning: true })] };
    expect(moduleLink(byDefault)).toBe('/x?showNistWarning=1');
    const byRedirect = {
      baseUrl: '/x',
      landingPath: '/x/files',
      routes: [route('/x', { redirectTo: '/x/files' }), route('/x/files', { showNistWarning: true })],
    };
    expect(moduleLink(byRedirect)).toBe('/x?showNistWarning=1');
    expect(moduleLink(moduleOf('mb'))).toBe('/model-builder');
  });

  it('warns on the breadcrumb to an export-controlled screen', () => {
    const module = { ...moduleOf('td'), breadcrumbs: true };
    const trail = breadcrumbTrail(module, routeNamed(module, 'td.modelLibrary'), {});
    expect(trail.at(-1)?.to).toBe('/technical-dashboard/model-library?showNistWarning=1');
  });
});
