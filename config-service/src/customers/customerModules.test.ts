import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import { demoCustomerModules, ROUTE_MANIFESTS } from '../testing/testApp.ts';
import type { CustomerModules } from './customerModules.ts';

const manifests = new ManifestFolder(ROUTE_MANIFESTS);
const operator = { sub: 'operator-1', email: 'operator@demo.local' };
let modules: CustomerModules;
beforeAll(async () => {
  modules = await demoCustomerModules(manifests);
});
afterAll(() => modules.close());

describe('CustomerModules.knownEnabledFor: the answer without waiting', () => {
  it('is the same answer enabledFor gives, once enabledFor has given it for that manifest set', async () => {
    const set = manifests.current();
    const answered = await modules.enabledFor('acme', set);
    expect(modules.knownEnabledFor('acme', set)).toBe(answered);
  });

  it('knows nothing of another manifest set or a customer never asked for', async () => {
    await modules.enabledFor('acme', manifests.current());
    expect(modules.knownEnabledFor('acme', { ...manifests.current() })).toBeUndefined();
    expect(modules.knownEnabledFor('initech', manifests.current())).toBeUndefined();
  });

  it('knows nothing after a write, so no manifest is built from the switch as it was', async () => {
    const set = manifests.current();
    const before = await modules.enabledFor('globex', set);
    const key = Object.keys(before).find((k) => before[k])!;
    const version = (await modules.modulesOf('globex')).find((m) => m.key === key)!.version;
    const result = await modules.setModule({ customerId: 'globex', moduleKey: key, enabled: false, reason: 'test', expectedVersion: version, actor: operator });
    expect(result.outcome).toBe('written');
    expect(modules.knownEnabledFor('globex', set)).toBeUndefined();
    const after = await modules.enabledFor('globex', set);
    expect(after[key]).toBe(false);
    expect(modules.knownEnabledFor('globex', set)?.[key]).toBe(false);
  });
});
