import { describe, expect, it, vi } from 'vitest';
import { selectedSiteGroups, selectSiteGroups, siteGroupParam, SITE_GROUPS_KEY, subscribeToSiteGroups } from './siteGroupSelection.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
}

describe('site group selection', () => {
  it('keeps a list per key, and no key means no filter', () => {
    const storage = memoryStorage();
    selectSiteGroups('acme', ['north-sea', 'gulf-coast', 'north-sea'], storage);
    selectSiteGroups('globex', ['alpine'], storage);
    expect(selectedSiteGroups('acme', storage)).toEqual(['north-sea', 'gulf-coast']);
    expect(selectedSiteGroups('globex', storage)).toEqual(['alpine']);
    expect(selectedSiteGroups('initech', storage)).toEqual([]);
    expect(selectedSiteGroups(null, storage)).toEqual([]);
    expect(JSON.parse(storage.values.get(SITE_GROUPS_KEY)!)).toEqual({ acme: ['north-sea', 'gulf-coast'], globex: ['alpine'] });
  });

  it('clears a key with an empty list', () => {
    const storage = memoryStorage();
    selectSiteGroups('acme', ['north-sea'], storage);
    selectSiteGroups('acme', [], storage);
    expect(JSON.parse(storage.values.get(SITE_GROUPS_KEY)!)).toEqual({});
  });

  it('ignores storage it did not write', () => {
    expect(selectedSiteGroups('acme', memoryStorage({ [SITE_GROUPS_KEY]: '{not json' }))).toEqual([]);
    expect(selectedSiteGroups('acme', memoryStorage({ [SITE_GROUPS_KEY]: '{"acme": "north-sea"}' }))).toEqual([]);
    expect(selectedSiteGroups('acme', memoryStorage({ [SITE_GROUPS_KEY]: '{"acme": ["a", 7, null]}' }))).toEqual(['a']);
  });

  it('returns the same list until it changes, and tells subscribers', () => {
    const storage = memoryStorage();
    selectSiteGroups('acme', ['a'], storage);
    expect(selectedSiteGroups('acme', storage)).toBe(selectedSiteGroups('acme', storage));
    const listener = vi.fn();
    const stop = subscribeToSiteGroups(listener);
    selectSiteGroups('acme', ['b'], storage);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    selectSiteGroups('acme', ['c'], storage);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('sends the selection as a comma-joined siteGroup', () => {
    expect(siteGroupParam(['north-sea', 'gulf-coast'])).toEqual({ siteGroup: 'north-sea,gulf-coast' });
    expect(siteGroupParam([])).toEqual({});
  });
});
