import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadManifestSet } from './loadManifestSet.ts';
import { compareViews, previewManifest } from './previewManifest.ts';

const realDir = new URL('../../../route-manifests', import.meta.url).pathname;
const context = { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined };
const engineer = { role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc', 'lb'], landingPageModuleKey: 'hs' };

/** The real manifests without one module (as an earlier version that had not registered it yet). */
function setWithout(key: string) {
  const dir = mkdtempSync(join(tmpdir(), 'preview-'));
  cpSync(realDir, dir, { recursive: true });
  const registry = JSON.parse(readFileSync(join(dir, 'registry.json'), 'utf8'));
  registry.modules = registry.modules.filter((k: string) => k !== key);
  writeFileSync(join(dir, 'registry.json'), JSON.stringify(registry));
  rmSync(join(dir, `${key}.json`));
  return loadManifestSet(dir);
}

describe('compareViews', () => {
  const current = loadManifestSet(realDir);

  it('reports a module only the newer version registers as gained, decided by the registry', () => {
    const changes = compareViews(previewManifest(setWithout('lb'), engineer, context), previewManifest(current, engineer, context));
    expect(changes.modules).toEqual([
      {
        key: 'lb',
        from: expect.objectContaining({ included: false, rule: 'registry', name: 'Leaderboard' }),
        to: expect.objectContaining({ included: true, rule: 'claim' }),
      },
    ]);
    expect(changes.routesAdded).toEqual([]);
  });

  it('reports a module the newer version dropped as lost', () => {
    const changes = compareViews(previewManifest(current, engineer, context), previewManifest(setWithout('lb'), engineer, context));
    expect(changes.modules.map((m) => [m.key, m.from.included, m.to.rule])).toEqual([['lb', true, 'registry']]);
  });

  it('reports the landing page appearing and going', () => {
    const none = previewManifest(current, { role: 'customer', modules: [] }, context);
    const some = previewManifest(current, engineer, context);
    expect(compareViews(none, some).landing).toEqual({ from: null, to: '/asset-life' });
    expect(compareViews(some, none).landing).toEqual({ from: '/asset-life', to: null });
    expect(compareViews(some, some)).toEqual({ modules: [], renamed: [], landing: null, routesAdded: [], routesRemoved: [], routesRetitled: [] });
  });

  it('lists pages that differ within a module both views have', () => {
    const staff = previewManifest(current, { role: 'sentient' }, context);
    const customer = previewManifest(
      current,
      { role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc', 'mb', 'lb', 'lx', 'cs', 'cd', 'ai', 'rail', 'am', 'pi', 'ig', 'mp', 'td'] },
      context,
    );
    // /settings/modules is for staff only (a route with roles).
    const changes = compareViews(staff, customer);
    expect(changes.modules).toEqual([]);
    expect(changes.routesRemoved.map((r) => r.fullPath)).toContain('/settings/modules');
  });
});
