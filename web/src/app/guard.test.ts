import { describe, expect, it } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import { choseDashboard, DASHBOARD_STATE, decide, type GuardInput } from './guard.ts';

const manifest = (over: Partial<UserManifest> = {}) =>
  ({
    requireMFA: false,
    mfaPending: false,
    landing: { module: 'hs', path: '/asset-life' },
    unavailable: [{ key: 'cd', name: 'Core Data', baseUrl: '/coredata' }],
    ...over,
  }) as UserManifest;

const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: '/asset-life/sites',
  search: '',
  origin: 'http://localhost:8080',
  access: 'signedIn',
  environment: 'local',
  signedIn: true,
  manifest: manifest(),
  ...over,
});

describe('decide (spec section 4)', () => {
  it('sends a signed-out user to /login carrying the intended route', () => {
    expect(decide(input({ signedIn: false, pathname: '/asset-life/sites/S1', search: '?tab=2' }))).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Fasset-life%2Fsites%2FS1%3Ftab%3D2',
    });
  });

  it('waits while the session or the manifest is unknown', () => {
    expect(decide(input({ signedIn: undefined }))).toEqual({ kind: 'wait' });
    expect(decide(input({ manifest: undefined }))).toEqual({ kind: 'wait' });
  });

  it("sends a module the user may not open to '/', saying which it was", () => {
    expect(decide(input({ pathname: '/coredata/events' }))).toEqual({ kind: 'redirect', to: '/', denied: { key: 'cd', path: '/coredata/events' } });
    expect(decide(input({ pathname: '/coredata' }))).toEqual({ kind: 'redirect', to: '/', denied: { key: 'cd', path: '/coredata' } });
    expect(decide(input({ pathname: '/coredatax' }))).toEqual({ kind: 'render' });
  });

  it('sends a user whose MFA the service says is pending to /profile?require=mfa, except on /profile', () => {
    const pending = manifest({ requireMFA: true, mfaPending: true });
    expect(decide(input({ manifest: pending }))).toEqual({ kind: 'redirect', to: '/profile?require=mfa' });
    expect(decide(input({ manifest: pending, pathname: '/' }))).toEqual({ kind: 'redirect', to: '/profile?require=mfa' });
    expect(decide(input({ manifest: pending, pathname: '/profile' }))).toEqual({ kind: 'render' });
    expect(decide(input({ manifest: manifest({ requireMFA: true, mfaPending: false }) }))).toEqual({ kind: 'render' });
  });

  it('checks the module before MFA, as the spec orders them', () => {
    expect(decide(input({ manifest: manifest({ requireMFA: true, mfaPending: true }), pathname: '/coredata' }))).toMatchObject({ kind: 'redirect', to: '/' });
  });

  it("takes '/' to the landing page, or stays when there is none", () => {
    expect(decide(input({ pathname: '/' }))).toEqual({ kind: 'redirect', to: '/asset-life' });
    expect(decide(input({ pathname: '/', manifest: manifest({ landing: null }) }))).toEqual({ kind: 'render' });
  });

  it("keeps '/' on the welcome page when the user chose the dashboard, for a user with a landing module too", () => {
    expect(decide(input({ pathname: '/', dashboardChosen: true }))).toEqual({ kind: 'render' });
    expect(decide(input({ pathname: '/', dashboardChosen: choseDashboard(DASHBOARD_STATE) }))).toEqual({ kind: 'render' });
    expect(decide(input({ pathname: '/', dashboardChosen: choseDashboard({ other: true }) }))).toEqual({ kind: 'redirect', to: '/asset-life' });
    expect(decide(input({ pathname: '/', dashboardChosen: choseDashboard(null) }))).toEqual({ kind: 'redirect', to: '/asset-life' });
    // The choice does not get past the rules before it: a pending MFA still goes to the profile.
    const pending = manifest({ requireMFA: true, mfaPending: true });
    expect(decide(input({ pathname: '/', dashboardChosen: true, manifest: pending }))).toEqual({ kind: 'redirect', to: '/profile?require=mfa' });
  });

  it("sends a signed-in user on a guest page to a safe carried address, else '/'", () => {
    expect(decide(input({ access: 'guest', pathname: '/login' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(input({ access: 'guest', pathname: '/login', search: '?redirect=%2Fasset-life%2Fsites%2FS1' }))).toEqual({
      kind: 'redirect',
      to: '/asset-life/sites/S1',
    });
    expect(decide(input({ access: 'guest', pathname: '/login', search: '?redirect=%2F%2Fevil.example' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(input({ access: 'guest', pathname: '/login', signedIn: false }))).toEqual({ kind: 'render' });
  });

  it('returns a signed-in user to the forced-login cookie address when it is on our origin', () => {
    const guest = { access: 'guest' as const, pathname: '/login' };
    expect(decide(input({ ...guest, redirectCookie: '/asset-life/sites/S7' }))).toEqual({ kind: 'redirect', to: '/asset-life/sites/S7' });
    expect(decide(input({ ...guest, redirectCookie: 'https://evil.example/' }))).toEqual({ kind: 'redirect', to: '/' });
    expect(decide(input({ ...guest, search: '?redirect=%2Finsights', redirectCookie: '/asset-life' }))).toEqual({ kind: 'redirect', to: '/insights' });
  });

  it('lets /loading through only in demo or local with a signed-in user', () => {
    expect(decide(input({ access: 'demoOrLocal' }))).toEqual({ kind: 'render' });
    expect(decide(input({ access: 'demoOrLocal', environment: 'demo' }))).toEqual({ kind: 'render' });
    expect(decide(input({ access: 'demoOrLocal', environment: 'dev' }))).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide(input({ access: 'demoOrLocal', signedIn: false }))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('always renders public routes', () => {
    expect(decide(input({ access: 'public', signedIn: false }))).toEqual({ kind: 'render' });
  });
});
