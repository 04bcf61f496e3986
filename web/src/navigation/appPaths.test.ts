import { describe, expect, it } from 'vitest';
import type { ResolvedRoute } from '@platform/schemas';
import { buildUserManifest } from '../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../config-service/src/manifests/loadManifestSet.ts';
import { APP_PATHS, NAMED_ROUTES, releaseDraftAddress, routePath } from './appPaths.ts';

const set = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);
const staff = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);

function fullPathOf(name: string, routes: readonly ResolvedRoute[]): string | undefined {
  for (const route of routes) {
    if (route.name === name) return route.fullPath;
    const found = fullPathOf(name, route.children);
    if (found) return found;
  }
  return undefined;
}

describe("the app's own addresses", () => {
  it.each(Object.entries(APP_PATHS))('%s is %s, as the shell or dash manifest gives it', (name, path) => {
    expect(fullPathOf(name, [...staff.shell.routes, ...staff.dash.routes])).toBe(path);
  });

  it.each(Object.keys(NAMED_ROUTES) as (keyof typeof NAMED_ROUTES)[])('the named route %s is in the staff dash manifest', (route) => {
    expect(routePath(staff.dash, route)).toMatch(/^\/settings\//);
  });

  it('addresses a draft from a release in the editor, and nothing for a user without the editor', () => {
    expect(releaseDraftAddress(staff.dash, 'abc')).toBe('/settings/releases/draft?base=abc');
    expect(releaseDraftAddress({ ...staff.dash, routes: [] }, 'abc')).toBeUndefined();
  });
});
