// @module-tag hardening/tokens
// A validly signed, password-only ID token of a user who must use MFA, and has none set up, reaches
// nothing but the manifest of the profile page (decision 0042): every other route that needs sign-in,
// present or added later, refuses it with 403 CFG_ERR_MFA_REQUIRED, whatever the token's role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.ts';
import { MfaStatus } from '../identity/mfaStatus.ts';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { claims, demoCustomerModules, releasesOn, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

/** Users whose MFA the identity provider reports set up; everyone else has none. */
const withMfa = new Set<string>();
let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  // Every route the service can register, as in the other token hardening tests.
  const everything: Partial<AppOptions> = {
    customerModules: modules,
    releases,
    messaging: { kind: 'local' },
    localMainApi: { signingKey: Buffer.alloc(32, 2) },
    userManagement: { pool: memoryUserPool([]) },
  };
  app = await apps.app({ ...everything, mfa: new MfaStatus(async (username) => withMfa.has(username)) });
}, 60_000);
afterAll(() => apps.close());

/** A password-only ID token: nothing in it says how the user signed in; only the identity provider knows. */
const tokenOf = (username: string, auth: object) =>
  sign(claims({ sub: username, 'cognito:username': username, 'custom:auth': JSON.stringify({ ...auth, requireMFA: true }) }));
const WHO: [string, string, object][] = [
  ['a customer user', 'mfa-customer', { role: 'customer', customerId: 'acme', modules: ['cd', 'mr'] }],
  ['staff', 'mfa-staff', { role: 'sentient' }],
];

const concrete = (url: string) =>
  url
    .replace(/:customerId/g, 'acme')
    .replace(/:moduleKey/g, 'cd')
    .replace(/:username/g, 'someone@acme.example')
    .replace(/:[A-Za-z]+/g, 'x');
const signedInRoutes = () => app.routeTable.filter((r) => r.signedIn && r.method !== 'HEAD');
const ask = (method: string, url: string, token: string) =>
  signedRequest(app, token, { method: method as 'GET', url: concrete(url), ...(method === 'GET' ? {} : { payload: {} }) });

describe('a password-only token of a user who must use MFA and has none', () => {
  it('reaches the manifest as the only route that serves them', () => {
    expect(signedInRoutes().length).toBeGreaterThan(15);
    // The sweeps below walk every family of signed-in routes, the user-management backend's among them.
    const families = ['/api/v1/', '/api/main/', '/api/model-runtime/', '/api/user-management/'];
    expect(families.filter((prefix) => !signedInRoutes().some((r) => r.url.startsWith(prefix)))).toEqual([]);
    expect(app.routeTable.filter((r) => r.servesMfaPending).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/v1/manifest', 'HEAD /api/v1/manifest']);
  });

  it.each(WHO)('of %s is refused with 403 CFG_ERR_MFA_REQUIRED on every other route that needs sign-in', async (_who, username, auth) => {
    const token = tokenOf(username, auth);
    const accepted: string[] = [];
    for (const route of signedInRoutes().filter((r) => !r.servesMfaPending)) {
      // Accepted, the event stream would answer with a stream that never ends: give up on it after a
      // while. Only on it: any other route answers, and a first request on a busy machine can take seconds.
      const answer = ask(route.method, route.url, token);
      const res = route.url.endsWith('/events')
        ? await Promise.race([answer, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000))])
        : await answer;
      if (!res) {
        accepted.push(`${route.method} ${route.url} → accepted (no answer)`);
        continue;
      }
      const problem = String(res.headers['content-type']).startsWith('application/problem+json');
      if (res.statusCode !== 403 || !problem || res.json().code !== 'CFG_ERR_MFA_REQUIRED') accepted.push(`${route.method} ${route.url} → ${res.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it.each(WHO)('of %s gets a manifest with no module, no customer and no dashboard page', async (_who, username, auth) => {
    const res = await ask('GET', '/api/v1/manifest', tokenOf(username, auth));
    expect(res.statusCode).toBe(200);
    const manifest = res.json() as UserManifest;
    expect(manifest).toMatchObject({ mfaPending: true, modules: [], customerId: null, landing: { path: '/profile' } });
    expect(manifest.dash.routes).toEqual([]);
    expect(manifest.unavailable.map((m) => m.key)).toEqual(expect.arrayContaining(['cd', 'mr']));
  });

  it.each(WHO)('of %s is served everywhere once the identity provider says MFA is set up (so the refusals are about MFA)', async (_who, username, auth) => {
    const token = tokenOf(`${username}-done`, auth);
    withMfa.add(`${username}-done`);
    const refused: string[] = [];
    // The event stream is left out: accepted, it answers with a stream that never ends.
    for (const route of signedInRoutes().filter((r) => r.url !== '/api/v1/events')) {
      const res = await ask(route.method, route.url, token);
      if (res.statusCode === 403 && res.json().code === 'CFG_ERR_MFA_REQUIRED') refused.push(`${route.method} ${route.url}`);
    }
    expect(refused).toEqual([]);
    expect((await ask('GET', '/api/v1/manifest', token)).json()).toMatchObject({ mfaPending: false, modules: expect.arrayContaining([expect.anything()]) });
  });
});
