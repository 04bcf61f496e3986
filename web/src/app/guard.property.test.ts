// @module-tag hardening/input
// The navigation guard, for any address, session and manifest fast-check can make up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Access, UserManifest } from '@platform/schemas';
import { decide, loginFor, type GuardInput } from './guard.ts';

const ORIGIN = 'http://localhost:8080';
const RUNS = { numRuns: 500 };

/** Any text a hostile address or cookie could carry, with the characters that matter made likely. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '/',
        '\\',
        '//',
        '.',
        ':',
        '@',
        '%2F',
        '%5C',
        '%09',
        '\t',
        '\n',
        '\u0000',
        'javascript:',
        'http:',
        'evil.example',
        '?',
        '#',
        'login',
        'a',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webPath().map((p) => `/${p}`),
);

const baseUrls = ['/asset-life', '/coredata', '/rail', '/mapping'];
const manifestArb: fc.Arbitrary<UserManifest> = fc.record({
  requireMFA: fc.boolean(),
  mfaPending: fc.boolean(),
  landing: fc.option(
    fc.constantFrom(...baseUrls).map((path) => ({ module: 'm', path })),
    { nil: null },
  ),
  unavailable: fc.subarray(baseUrls).map((urls) => urls.map((baseUrl) => ({ key: baseUrl.slice(1), name: baseUrl.slice(1), baseUrl }))),
}) as unknown as fc.Arbitrary<UserManifest>;

const inputArb: fc.Arbitrary<GuardInput> = fc.record({
  pathname: fc.oneof(
    fc.constantFrom('/', '/profile', '/login', ...baseUrls),
    fc.webPath().map((p) => `/${p}`),
    hostileText,
  ),
  search: fc.oneof(
    fc.constant(''),
    hostileText.map((t) => `?redirect=${encodeURIComponent(t)}`),
    hostileText.map((t) => `?${t}`),
  ),
  origin: fc.constant(ORIGIN),
  redirectCookie: fc.option(hostileText, { nil: undefined }),
  access: fc.constantFrom<Access>('public', 'guest', 'demoOrLocal', 'signedIn'),
  environment: fc.constantFrom('local', 'demo', 'dev', 'production'),
  signedIn: fc.option(fc.boolean(), { nil: undefined }),
  manifest: fc.option(manifestArb, { nil: undefined }),
});

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

describe('the guard, for any input', () => {
  it('only ever redirects to a path on our own origin', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decide(input);
        if (decision.kind !== 'redirect') return;
        expect(decision.to.startsWith('/') && !decision.to.startsWith('//')).toBe(true);
        expect(new URL(decision.to, ORIGIN).origin).toBe(ORIGIN);
      }),
      RUNS,
    );
  });

  it('never renders a signed-in route to someone signed out, never lets an unavailable module render, and only the profile while MFA is pending', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const decision = decide({ ...input, access: 'signedIn' });
        if (input.signedIn === false) expect(decision).toEqual({ kind: 'redirect', to: loginFor(input.pathname, input.search) });
        if (decision.kind === 'render') {
          expect(input.signedIn).toBe(true);
          expect(input.manifest?.unavailable.some((m) => within(input.pathname, m.baseUrl))).toBe(false);
          if (input.manifest?.mfaPending) expect(input.pathname).toBe('/profile');
        }
      }),
      RUNS,
    );
  });

  it('brings a signed-out user back to the address they opened once they sign in', () => {
    // Addresses a person can open: a path of ordinary segments and a query, not the sign-in pages.
    // A browser never holds dot segments ('/.//x' is '//x', another host), and a path with encoded
    // control characters is dropped on purpose (the router cannot match a decoded newline).
    const openedArb = fc
      .tuple(fc.webPath(), fc.option(fc.webQueryParameters(), { nil: undefined }))
      .map(([path, query]) => ({ pathname: `/${path.replace(/^\/+/, '')}`, search: query ? `?${query}` : '' }))
      .filter(({ pathname }) => !/^\/(login|logout)(\/|$)/.test(pathname) && pathname !== '/')
      .filter(({ pathname }) => new URL(pathname, ORIGIN).pathname === pathname && !/%(0[0-9a-f]|1[0-9a-f]|7f)/i.test(pathname));
    fc.assert(
      fc.property(openedArb, ({ pathname, search }) => {
        const toLogin = decide({
          pathname,
          search,
          origin: ORIGIN,
          access: 'signedIn',
          environment: 'local',
          signedIn: false,
          manifest: undefined,
        });
        expect(toLogin.kind).toBe('redirect');
        const login = new URL((toLogin as { to: string }).to, ORIGIN);
        expect(login.pathname).toBe('/login');
        const back = decide({
          pathname: '/login',
          search: login.search,
          origin: ORIGIN,
          access: 'guest',
          environment: 'local',
          signedIn: true,
          manifest: undefined,
        });
        expect(back).toEqual({ kind: 'redirect', to: new URL(`${pathname}${search}`, ORIGIN).href.slice(ORIGIN.length) });
      }),
      RUNS,
    );
  });
});
