import { describe, expect, it } from 'vitest';
import { recentOpenings, rememberOpening } from './recentOpenings.ts';

function memory(): Pick<Storage, 'getItem' | 'setItem'> & { size: () => number } {
  const store = new Map<string, string>();
  return {
    getItem: (key) => store.get(key) ?? null,
    setItem: (key, value) => void store.set(key, value),
    size: () => (store.get('platform.recentOpenings') ?? '').length,
  };
}
const SITE = '/asset-life/sites/:site_id';

describe('recent openings', () => {
  it('lists a user’s openings of a screen newest first, once each, and nobody else’s', () => {
    const storage = memory();
    rememberOpening('u1', SITE, { site_id: 'a' }, storage);
    rememberOpening('u1', SITE, { site_id: 'b' }, storage);
    rememberOpening('u1', SITE, { site_id: 'a' }, storage);
    rememberOpening('u1', '/other/:id', { id: 'x' }, storage);
    rememberOpening('u2', SITE, { site_id: 'c' }, storage);
    expect(recentOpenings('u1', SITE, storage)).toEqual([{ site_id: 'a' }, { site_id: 'b' }]);
    expect(recentOpenings('u2', SITE, storage)).toEqual([{ site_id: 'c' }]);
  });

  it('stays bounded however much is opened, by however many people', () => {
    const storage = memory();
    for (let user = 0; user < 20; user += 1) for (let i = 0; i < 200; i += 1) rememberOpening(`u${user}`, SITE, { site_id: `s${i}` }, storage);
    expect(recentOpenings('u19', SITE, storage)).toHaveLength(30);
    expect(recentOpenings('u0', SITE, storage)).toEqual([]);
    // 5 users of 30 openings each, whatever was opened.
    rememberOpening('u19', SITE, { site_id: 'x'.repeat(5_000) }, storage);
    expect(recentOpenings('u19', SITE, storage)[0]).toEqual({ site_id: 's199' });
    expect(storage.size()).toBeLessThan(12_000);
  });

  it('reads a damaged record as empty', () => {
    const storage = memory();
    storage.setItem('platform.recentOpenings', '{"not":"a list"');
    expect(recentOpenings('u1', SITE, storage)).toEqual([]);
    rememberOpening('u1', SITE, { site_id: 'a' }, storage);
    expect(recentOpenings('u1', SITE, storage)).toEqual([{ site_id: 'a' }]);
  });
});
