import { describe, expect, it } from 'vitest';
import { engineerManifest as engineer, staffManifest as staff } from '../testing/demoManifests.ts';
import { matchScreens, screenIndex } from './screenIndex.ts';

const titles = (query: string, manifest = staff) => matchScreens(screenIndex(manifest), query, 50).shown.map((e) => `${e.title} · ${e.module}`);

describe('screenIndex', () => {
  it("offers a customer user only their manifest's screens: no staff-only Settings, no module they lack", () => {
    const paths = screenIndex(engineer).map((e) => e.route.fullPath);
    expect(paths).toContain('/settings/users');
    expect(paths).toContain('/asset-life/sites');
    for (const staffOnly of ['/settings/customers', '/settings/modules', '/settings/publishers', '/settings/releases', '/settings/releases/draft'])
      expect(paths).not.toContain(staffOnly);
    expect(paths.filter((p) => /^\/(model-builder|life-cost|rail|coredata)/.test(p))).toEqual([]);
    expect(screenIndex(staff).map((e) => e.route.fullPath)).toContain('/settings/releases/draft');
  });

  it('leaves out redirects, the catch-all, the sign-in pages and sign-out', () => {
    const paths = screenIndex(staff).map((e) => e.route.fullPath);
    for (const never of ['/login', '/login/forgot', '/logout', '/loading', '/*', '/mapping', '/platform-insights', '/coredata/configs'])
      expect(paths).not.toContain(never);
    // A section renders its default child at its own address: it is a screen a user can ask for.
    expect(paths).toContain('/settings');
  });

  it('matches words of the title and of the module, case-insensitively', () => {
    const found = titles('cost proj');
    expect(found[0]).toBe('Project {projectId} · Life Cycle Cost');
    expect(found.every((t) => t.endsWith('· Life Cycle Cost'))).toBe(true);
    expect(titles('RELEASE DRAFT')).toEqual(['Release draft · Settings']);
  });

  it('ranks titles that start with the query first', () => {
    const found = titles('assets');
    const starts = found.filter((t) => t.startsWith('Assets'));
    expect(starts.length).toBeGreaterThan(1);
    expect(found.slice(0, starts.length)).toEqual(starts);
    expect(found.slice(starts.length)).toContain('Summary of assets at site {siteId} · ColdStart');
  });

  it('caps the list and counts the rest', () => {
    const all = matchScreens(screenIndex(staff), '', 50);
    expect(all.shown).toHaveLength(50);
    expect(all.more).toBe(screenIndex(staff).length - 50);
    expect(all.more).toBeGreaterThan(0);
  });
});
