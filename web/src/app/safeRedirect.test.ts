// @module-tag hardening/redirects
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectCorpus, SAME_ORIGIN_CONTROLS } from '../../../tests/support/redirectCorpus.ts';
import { safeRedirect } from './safeRedirect.ts';

const origin = 'http://localhost:8080';

describe('safeRedirect', () => {
  it('keeps a same-origin path with its query and hash', () => {
    expect(safeRedirect('/asset-life/sites/S1?x=1#top', origin)).toBe('/asset-life/sites/S1?x=1#top');
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/x',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/%0a/x'.replace('%0a', '\n'),
    'evil.example',
    '',
    '/login?redirect=/x',
    `/${'a'.repeat(3000)}`,
  ])('drops %j', (value) => {
    expect(safeRedirect(value, origin)).toBeUndefined();
  });
});

describe('safeRedirect against the hostile corpus', () => {
  const corpus = redirectCorpus(origin);

  it('has at least 50 payloads, each named once', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    expect(new Set(corpus.map((p) => p.label)).size).toBe(corpus.length);
  });

  it.each(corpus.map((p) => [p.label, p] as const))('%s: dropped, or kept only as its same-origin path', (_label, payload) => {
    expect(safeRedirect(payload.value, origin)).toBe(payload.keeps);
  });

  it.each(SAME_ORIGIN_CONTROLS.map((p) => [p.label, p] as const))('%s: honoured', (_label, payload) => {
    expect(safeRedirect(payload.value, origin)).toBe(payload.keeps);
  });

  it('judges the same under another origin', () => {
    const other = 'https://platform.example:8443';
    for (const payload of redirectCorpus(other)) expect(safeRedirect(payload.value, other), payload.label).toBe(payload.keeps);
  });
});

describe('safeRedirect, for any string', () => {
  // Pieces hostile addresses are made of, so the generator reaches the interesting corners often.
  const piece = fc.constantFrom(
    '/',
    '//',
    '\\',
    '.',
    '..',
    '%2e',
    '%2E',
    '%2f',
    '%2F',
    '%5c',
    '%25',
    '%09',
    '%00',
    '%6C',
    '@',
    ':',
    '?',
    '#',
    ' ',
    '\t',
    '\n',
    '\u0000',
    'evil.example',
    'login',
    'LOGIN',
    'logout',
    'javascript:',
    'http:',
    'data:',
    'localhost:8080',
    '\uff0f',
    '\u3002',
    '\u2215',
    'asset-life',
  );
  const suspicious = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));
  // Paths of few segments, empty and dot ones among them: where '/.//host' and '/x/..//host' come from.
  const segment = fc.constantFrom('', '.', '..', '%2e', '%2E%2E', '%2F', 'evil.example', 'login', 'LogOut', 'x', '\uff0f');
  const pathLike = fc.array(segment, { minLength: 1, maxLength: 6 }).map((segments) => `/${segments.join('/')}`);
  const anything = fc.oneof(
    suspicious,
    pathLike,
    fc.string({ unit: 'binary', maxLength: 64 }),
    fc.webUrl(),
    fc.webPath().map((p) => `/${p}`),
  );

  it('answers undefined or a path that stays on our origin (and on any other)', () => {
    fc.assert(
      fc.property(anything, (value) => {
        const result = safeRedirect(value, origin);
        if (result === undefined) return;
        expect(result.startsWith('/') && !result.startsWith('//')).toBe(true);
        expect(new URL(result, origin).origin).toBe(origin);
        // Nothing in it names a host: resolved against another origin it stays there too.
        expect(new URL(result, 'https://other.example').origin).toBe('https://other.example');
        // What the app navigates to is judged the same when it comes round again.
        expect(safeRedirect(result, origin)).toBe(result);
      }),
      { numRuns: 5_000 },
    );
  });

  it('never leads back to the sign-in pages', () => {
    fc.assert(
      fc.property(fc.oneof(suspicious, pathLike), (value) => {
        const result = safeRedirect(value, origin);
        if (result === undefined) return;
        const pathname = new URL(result, origin).pathname;
        let decoded = pathname;
        try {
          decoded = decodeURIComponent(pathname);
        } catch {
          // A stray '%' keeps the path as it is, which the router then cannot match to a sign-in page either.
        }
        expect(decoded.toLowerCase()).not.toMatch(/^\/(login|logout)(\/|$)/);
      }),
      { numRuns: 5_000 },
    );
  });
});
