import { describe, expect, it, vi } from 'vitest';
import type { AuthClaim } from '@platform/schemas';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { buildUserManifest } from './buildUserManifest.ts';
import { loadManifestSet } from './loadManifestSet.ts';

const set = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);
const user = (auth: AuthClaim | undefined): VerifiedUser => ({ sub: 'u1', email: 'u@x.example', givenName: 'U', familyName: 'Ser', auth });
const build = (auth: AuthClaim | undefined, requestedCustomerId?: string, onNoLanding?: () => void) =>
  buildUserManifest(set, user(auth), { environment: 'local', productName: 'AssetTwin', requestedCustomerId, onNoLanding });

describe('buildUserManifest (spec section 6)', () => {
  it('gives staff without a module list every module, in table order, landing on the first', () => {
    const m = build({ role: 'sentient' });
    expect(m.modules.map((x) => x.key)).toEqual(set.registry);
    expect(m.unavailable).toEqual([]);
    expect(m.landing).toEqual({ module: 'mb', path: '/model-builder' });
  });

  it('limits staff with a module list to that list', () => {
    expect(build({ role: 'sentient', modules: ['td', 'cd'] }).modules.map((x) => x.key)).toEqual(['cd', 'td']);
  });

  it('gives a customer only the claimed modules, ignoring unknown keys', () => {
    const m = build({ role: 'customer', customerId: 'acme', modules: ['ig', 'mp', 'zz'] });
    expect(m.modules.map((x) => x.key)).toEqual(['ig', 'mp']);
    expect(m.unavailable.map((x) => x.key)).not.toContain('ig');
    expect(m.unavailable).toContainEqual({ key: 'cd', name: 'CoreData', baseUrl: '/coredata' });
  });

  it('lands on landingPageModuleKey, else the first permitted module, at where its base url ends up', () => {
    expect(build({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' }).landing).toEqual({
      module: 'hs',
      path: '/asset-life',
    });
    expect(build({ role: 'customer', customerId: 'acme', modules: ['mp', 'ig'] }).landing).toEqual({ module: 'ig', path: '/ingestion/file-summary' });
  });

  it('passes over a landing key the user may not open', () => {
    expect(build({ role: 'customer', customerId: 'acme', modules: ['cd'], landingPageModuleKey: 'hs' }).landing).toEqual({ module: 'cd', path: '/coredata' });
  });

  it('has no landing, and says so, when nothing is permitted', () => {
    const onNoLanding = vi.fn();
    expect(build({ role: 'customer', customerId: 'globex', modules: [] }, undefined, onNoLanding).landing).toBeNull();
    expect(onNoLanding).toHaveBeenCalledOnce();
  });

  it("lets only staff choose the customer; others keep their own claim's", () => {
    expect(build({ role: 'sentient' }, 'globex').customerId).toBe('globex');
    expect(build({ role: 'sentient' }).customerId).toBeNull();
    expect(build({ role: 'customer', customerId: 'acme', modules: [] }, 'globex').customerId).toBe('acme');
  });

  it('treats a token without an auth claim as a user with no customer and no modules', () => {
    const m = build(undefined, 'acme');
    expect(m.customerId).toBeNull();
    expect(m.modules).toEqual([]);
    expect(m.user.role).toBeNull();
    expect(m.dash.routes.map((r) => r.name)).toContain('emptyPage');
  });

  it('passes requireMFA through', () => {
    expect(build({ role: 'customer', modules: ['cd'], requireMFA: true }).requireMFA).toBe(true);
    expect(build({ role: 'customer', modules: ['cd'] }).requireMFA).toBe(false);
  });

  it("resolves /settings' default child by role: customers for staff, users for everyone else", () => {
    const defaultOf = (auth: AuthClaim) =>
      build(auth)
        .dash.routes.find((r) => r.name === 'settings')
        ?.children.find((c) => c.index)?.name;
    expect(defaultOf({ role: 'sentient' })).toBe('settings.customers');
    expect(defaultOf({ role: 'customer', modules: [] })).toBe('settings.users');
  });

  it('fills {product} in the Model Builder name', () => {
    expect(build({ role: 'sentient' }).modules[0]?.name).toBe('AssetTwin for Engineering');
  });

  it("never serves the dashboard's /asset-life entry, which the hs module owns", () => {
    expect(build({ role: 'customer', modules: [] }).dash.routes.map((r) => r.fullPath)).not.toContain('/asset-life');
  });

  it('keeps the views of a bounded number of roles per set: made-up roles push out the oldest, not memory without end', () => {
    const dashOf = (role: string) => build({ role, customerId: 'acme', modules: ['hs'] }).dash;
    const first = dashOf('role-0');
    expect(dashOf('role-0')).toBe(first);
    for (let i = 1; i <= 40; i++) dashOf(`role-${i}`);
    // Built again: the first role's views were let go.
    const again = dashOf('role-0');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
