import { describe, expect, it } from 'vitest';
import type { ModuleManifest } from '@platform/schemas';
import { buildUserManifest } from './buildUserManifest.ts';
import { loadManifestSet, type ManifestSet } from './loadManifestSet.ts';
import { decideModules } from './moduleExposure.ts';

const real = loadManifestSet(new URL('../../../route-manifests', import.meta.url).pathname);

/** The real set with some modules' manifests changed. */
function variant(changes: Record<string, (m: ModuleManifest) => ModuleManifest>): ManifestSet {
  const modules = new Map(real.modules);
  for (const [key, change] of Object.entries(changes)) modules.set(key, change(structuredClone(real.modules.get(key)!)));
  return { ...real, modules };
}
const engineer = { role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'] };
const decision = (
  set: ManifestSet,
  auth: typeof engineer | { role: string } | undefined,
  key: string,
  environment = 'local',
  customerEnabled?: (k: string) => boolean | undefined,
) => decideModules(set, auth, { environment, customerEnabled }).find((d) => d.key === key);

describe('module exposure', () => {
  it('leaves modules without exposure rules to the claims', () => {
    expect(decision(real, engineer, 'hs')).toMatchObject({ included: true, rule: 'claim' });
    expect(decision(real, engineer, 'td')).toMatchObject({ included: false, rule: 'claim', reason: "the claims do not list 'td'" });
    expect(decision(real, undefined, 'hs')).toMatchObject({ included: false, rule: 'claim', reason: 'the token carries no authorisation claim' });
  });

  it('keeps a module out of environments it is not exposed in', () => {
    const set = variant({ hs: (m) => ({ ...m, exposure: { environments: ['production'] } }) });
    expect(decision(set, engineer, 'hs', 'local')).toMatchObject({ included: false, rule: 'environment' });
    expect(decision(set, engineer, 'hs', 'production')).toMatchObject({ included: true, rule: 'exposure' });
  });

  it('keeps a module from roles it is not exposed to, whatever the claims say', () => {
    const set = variant({ lcc: (m) => ({ ...m, exposure: { roles: ['sentient'] } }) });
    expect(decision(set, engineer, 'lcc')).toMatchObject({ included: false, rule: 'role', reason: 'exposed only to role sentient' });
    expect(decision(set, { role: 'sentient' }, 'lcc')).toMatchObject({ included: true });
  });

  it("applies the customer's switch last", () => {
    expect(decision(real, engineer, 'hs', 'local', (k) => k !== 'hs')).toMatchObject({ included: false, rule: 'customer' });
    expect(decision(real, engineer, 'mr', 'local', (k) => k !== 'hs')).toMatchObject({ included: true });
  });

  it('gives a user who is not staff and names no customer no module at all, whatever the claims list', () => {
    for (const claim of [
      { role: 'customer', modules: ['hs'] },
      { role: 'customer', customerId: null, modules: ['hs'] },
    ]) {
      expect(decision(real, claim as unknown as typeof engineer, 'hs')).toMatchObject({ included: false, rule: 'customer' });
    }
    expect(decision(real, { role: 'sentient' }, 'hs')).toMatchObject({ included: true });
  });

  it('is what the user manifest is built from, landing included', () => {
    const set = variant({ hs: (m) => ({ ...m, exposure: { roles: ['sentient'] } }) });
    const m = buildUserManifest(
      set,
      { sub: 's', email: 'e@acme.example', givenName: 'E', familyName: 'E', auth: { ...engineer, landingPageModuleKey: 'hs' } },
      { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
    );
    expect(m.modules.map((x) => x.key)).toEqual(['mr', 'lcc']);
    expect(m.unavailable.map((x) => x.key)).toContain('hs');
    expect(m.landing?.module).toBe('mr');
  });

  it('sends a route with roles only to those roles', () => {
    const set = variant({
      hs: (m) => ({ ...m, routes: m.routes.map((r) => (r.path === 'exports' ? { ...r, roles: ['sentient'] } : r)) }),
    });
    const paths = (role: string) =>
      buildUserManifest(
        set,
        { sub: 's', email: 'x@y.z', givenName: 'X', familyName: 'Y', auth: { role, customerId: 'acme', modules: ['hs'] } },
        { environment: 'local', productName: 'P', requestedCustomerId: undefined },
      ).modules[0]?.routes.map((r) => r.path);
    expect(paths('customer')).not.toContain('exports');
    expect(paths('sentient')).toContain('exports');
  });
});
