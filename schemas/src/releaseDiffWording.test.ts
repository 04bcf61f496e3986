import { describe, expect, it } from 'vitest';
import type { ReleaseDiff } from './types.ts';
import { diffSections, diffSummary, exposureChange } from './releaseDiffWording.ts';

const none: ReleaseDiff = {
  from: 'aaaaaaaaaaaa',
  to: 'bbbbbbbbbbbb',
  identical: false,
  modules: [],
  renamed: [],
  exposure: [],
  bundles: [],
  routesAdded: [],
  routesRemoved: [],
  routesRetitled: [],
  routeRoles: [],
};

describe('release difference wording', () => {
  it('says when two releases are the same content', () => {
    expect(diffSummary({ ...none, identical: true })).toMatch(/^No difference/);
    expect(diffSections({ ...none, identical: true })).toEqual([]);
  });

  it('says when the content differs but no user would notice', () => {
    expect(diffSummary(none)).toMatch(/^No change a user would notice/);
  });

  it('names only the exposure rules that changed, with before and after', () => {
    const from = { roles: null, environments: null, enabledForNewCustomers: true };
    expect(exposureChange(from, { ...from, roles: ['sentient'] })).toBe('roles every role → sentient');
    expect(exposureChange(from, { roles: [], environments: ['dev'], enabledForNewCustomers: false })).toBe(
      'roles every role → nobody; environments every environment → dev; on for new customers yes → no',
    );
    expect(exposureChange(from, { ...from, environments: [] })).toBe('environments every environment → no environment');
  });

  it('groups changes by kind, one line each, and leaves empty kinds out', () => {
    const diff: ReleaseDiff = {
      ...none,
      modules: [
        { key: 'zz', name: 'New thing', change: 'added' },
        { key: 'lb', name: 'Leaderboard', change: 'removed' },
      ],
      exposure: [
        {
          key: 'lcc',
          name: 'Life Cycle Cost',
          from: { roles: null, environments: null, enabledForNewCustomers: true },
          to: { roles: ['sentient'], environments: null, enabledForNewCustomers: true },
        },
      ],
      bundles: [
        { key: 'lcc', name: 'Life Cycle Cost', from: '1.4.1', to: '1.4.2' },
        { key: 'mr', name: 'Model Runtime', from: null, to: '0.1.0' },
      ],
      routesRetitled: [{ module: 'dash', fullPath: '/notifications', from: 'Notifications', to: 'Messages' }],
      routeRoles: [{ module: 'dash', fullPath: '/settings/uploads', from: null, to: ['sentient'] }],
    };
    expect(diffSections(diff)).toEqual([
      { heading: 'Modules added', lines: ['New thing (zz)'] },
      { heading: 'Modules removed', lines: ['Leaderboard (lb)'] },
      { heading: 'Who is shown a module', lines: ['Life Cycle Cost (lcc): roles every role → sentient'] },
      { heading: 'Module screens', lines: ['lcc screens 1.4.1 → 1.4.2 (Life Cycle Cost)', 'mr screens generic → 0.1.0 (Model Runtime)'] },
      { heading: 'Pages retitled', lines: ['/notifications (dash): “Notifications” → “Messages”'] },
      { heading: 'Who may open a page', lines: ['/settings/uploads (dash): every role → sentient'] },
    ]);
    expect(diffSummary(diff)).toBe('7 changes users would notice:');
  });
});
