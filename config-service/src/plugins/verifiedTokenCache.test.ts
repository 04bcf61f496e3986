import { describe, expect, it } from 'vitest';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { VerifiedTokenCache } from './verifiedTokenCache.ts';

const user = (sub: string): VerifiedUser => ({
  sub,
  email: `${sub}@x`,
  givenName: 'G',
  familyName: 'F',
  auth: { role: 'customer', customerId: 'acme', modules: ['mr'] },
});

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

  it('never drops a token used within the last half of its capacity in insertions, however many come after', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('kept', user('kept'), 9_999);
    cache.set('idle', user('idle'), 9_999);
    // A user signed in all along: a request every few sign-ins of others, 100 of them in all.
    for (let i = 0; i < 100; i++) {
      cache.set(`other-${i}`, user(`other-${i}`), 9_999);
      if (i % 4 === 0) expect(cache.get('kept', 1)?.sub).toBe('kept');
    }
    expect(cache.size).toBe(10);
    expect(cache.get('kept', 1)?.sub).toBe('kept');
    expect(cache.get('idle', 1)).toBeUndefined();
    // The newest ten, the kept one among them: the oldest others went first.
    expect(cache.get('other-99', 1)?.sub).toBe('other-99');
    expect(cache.get('other-90', 1)).toBeUndefined();
  });

  it('never takes one token for another that ends with the same signature', () => {
    const cache = new VerifiedTokenCache();
    const signature = 's'.repeat(342);
    cache.set(`Bearer header.alice.${signature}`, user('alice'), 9_999);
    // A payload swapped under a copied signature: the same last characters, another token.
    expect(cache.get(`Bearer header.mallory.${signature}`, 1)).toBeUndefined();
    expect(cache.get(`Bearer header.alice.${signature}`, 1)?.sub).toBe('alice');
    // Should the other be verified and kept, it takes the place of the first rather than answering for it.
    cache.set(`Bearer header.bob.${signature}`, user('bob'), 9_999);
    expect(cache.get(`Bearer header.bob.${signature}`, 1)?.sub).toBe('bob');
    expect(cache.get(`Bearer header.alice.${signature}`, 1)).toBeUndefined();
  });

  it('forgets an expired token when asked for it', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t', user('t'), 10);
    expect(cache.get('t', 10)).toBeUndefined();
    expect(cache.size).toBe(0);
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
