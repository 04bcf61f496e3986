import { describe, expect, it } from 'vitest';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { VerifiedTokenCache } from './verifiedTokenCache.ts';

const user = (sub: string): VerifiedUser => ({ sub, email: `${sub}@x`, givenName: 'G', familyName: 'F', auth: { role: 'customer', customerId: 'acme', modules: ['mr'] } });

describe('VerifiedTokenCache', () => {
  it('gives back what a token was verified as until it expires, and nothing after', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t1', user('a'), 1_000);
    expect(cache.get('t1', 999)?.sub).toBe('a');
    expect(cache.get('t1', 1_000)).toBeUndefined();
    // An expired entry is dropped, not kept around.
    expect(cache.size).toBe(0);
  });

  it('knows only the exact token: one character more or less is another token', () => {
    const cache = new VerifiedTokenCache();
    cache.set('header.payload.signature', user('a'), 2_000);
    expect(cache.get('header.payload.signatur', 1)).toBeUndefined();
    expect(cache.get('header.payload.signature ', 1)).toBeUndefined();
  });

  it('holds at most its capacity, dropping the least recently used', () => {
    const cache = new VerifiedTokenCache(2);
    cache.set('a', user('a'), 9_999);
    cache.set('b', user('b'), 9_999);
    cache.get('a', 1);
    cache.set('c', user('c'), 9_999);
    expect([cache.get('a', 1)?.sub, cache.get('b', 1)?.sub, cache.get('c', 1)?.sub]).toEqual(['a', undefined, 'c']);
  });

  it('hands out a user no request can change for the next one', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', user('a'), 9_999);
    const first = cache.get('t', 1)!;
    expect(() => ((first as { sub: string }).sub = 'b')).toThrow(TypeError);
    expect(() => (first.auth!.modules as string[]).push('cd')).toThrow(TypeError);
    expect(cache.get('t', 1)).toEqual(user('a'));
  });
});
