import { join } from 'node:path';
import { moduleManifestSchema, STAFF_ROLE } from '@platform/schemas';
import { describe, expect, it } from 'vitest';
import { buildUserManifest } from '../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../config-service/src/manifests/loadManifestSet.ts';
import { ajv } from '../config-service/src/validation/schemaValidator.ts';
import { countRoutes, generatedKey, generatedModule, grownSet } from './manifestGrowth.bench.ts';

const real = loadManifestSet(join(import.meta.dirname, '../route-manifests'));

describe('the grown manifest sets benchmark 2 builds from', () => {
  it('reach 1,000 modules and exactly 20,000 routes, the real ones among them', () => {
    const grown = grownSet(real, 1000);
    expect(grown.modules.size).toBe(1000);
    expect([...grown.modules.values()].reduce((n, m) => n + countRoutes(m.routes), 0)).toBe(20_000);
    for (const key of real.registry) expect(grown.modules.get(key)).toBe(real.modules.get(key));
    // The real set is left as it was.
    expect(real.modules.size).toBeLessThan(1000);
  });

  it('are made of modules a manifest file could hold', () => {
    const validate = ajv.getSchema(moduleManifestSchema.$id)!;
    expect(validate(generatedModule(generatedKey(1), true)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('give staff every generated module, with the role-only route and redirects resolved', () => {
    const grown = grownSet(real, 50);
    const manifest = buildUserManifest(
      grown,
      { sub: 's', email: 'e', givenName: 'G', familyName: 'F', auth: { role: STAFF_ROLE, requireMFA: false } },
      { environment: 'local', productName: 'P', requestedCustomerId: undefined },
    );
    expect(generatedKey(0)).toBe('gaaaa');
    expect(generatedKey(27)).toBe('gaabb');
    const generated = manifest.modules.find((m) => m.key === 'gaaaa')!;
    expect(generated.landingPath).toBe('/gaaaa/list');
    expect(generated.routes.map((r) => r.path)).toContain('import');
  });
});
