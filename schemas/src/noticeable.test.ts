import { describe, expect, it } from 'vitest';
import { noticeable } from './noticeable.ts';
import type { ReleaseDiff } from './types.ts';

const lists = { modules: [], renamed: [], exposure: [], bundles: [], routesAdded: [], routesRemoved: [], routesRetitled: [], routeRoles: [] };
const none: ReleaseDiff = { from: 'aaaaaaaaaaaa', to: 'bbbbbbbbbbbb', identical: false, ...lists };
const exposure = { roles: null, environments: null, enabledForNewCustomers: true };

describe('noticeable', () => {
  it('finds nothing to notice when only the files differ', () => {
    expect(noticeable(none)).toBe(false);
  });

  it.each<[string, Partial<ReleaseDiff>]>([
    ['a module added', { modules: [{ key: 'mr', name: 'Maintenance', change: 'added' }] }],
    ['a module renamed', { renamed: [{ key: 'mr', from: 'Old', to: 'New' }] }],
    ['exposure changed', { exposure: [{ key: 'mr', name: 'Maintenance', from: exposure, to: { ...exposure, roles: ['sentient'] } }] }],
    ['screens from another bundle', { bundles: [{ key: 'lcc', name: 'Life Cycle Cost', from: '1.4.1', to: '1.4.2' }] }],
    ['a page added', { routesAdded: [{ module: 'mr', fullPath: '/mr/new', title: 'New' }] }],
    ['a page removed', { routesRemoved: [{ module: 'mr', fullPath: '/mr/old', title: 'Old' }] }],
    ['a page retitled', { routesRetitled: [{ module: 'mr', fullPath: '/mr', from: 'Old', to: 'New' }] }],
    ["a page's roles changed", { routeRoles: [{ module: 'mr', fullPath: '/mr', from: null, to: ['sentient'] }] }],
  ])('notices %s', (_what, change) => {
    expect(noticeable({ ...none, ...change })).toBe(true);
  });
});
