import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { claims, customersWithModulesOff, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

// Issue 27: claims as real user pools write them sign the user in; only a claim that cannot be read
// at all is refused, with 403 and a code of its own, so the web app can say whom to ask.

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({
    customerModules: apps.track(await customersWithModulesOff(apps.folder, { acme: ['lcc'] })),
    localMainApi: { signingKey: Buffer.alloc(32, 1) },
  });
});
afterAll(() => apps.close());

const token = (auth: unknown, extra: Record<string, unknown> = {}) =>
  sign(claims({ 'custom:auth': typeof auth === 'string' ? auth : JSON.stringify(auth), ...extra }));
const get = (url: string, token: string) => signedRequest(app, token, { url });

/** As a pool holds it: an extra key, a cleared landing key and MFA flag, the customer id and keys in capitals. */
const POOL_CLAIM = {
  role: 'customer',
  customerId: 'ACME',
  companyName: 'Acme Industrial plc',
  modules: ['HS', 'Lcc'],
  landingPageModuleKey: null,
  requireMFA: null,
};

describe('claims as real pools send them', () => {
  it("serves the manifest of a claim with extra keys, nulls and an upper-case customer id, with that customer's switches", async () => {
    const res = await get('/api/v1/manifest', token(POOL_CLAIM));
    expect(res.statusCode).toBe(200);
    const manifest = res.json();
    expect(manifest.customerId).toBe('acme');
    // lcc is switched off for acme: the claim's "ACME" is the store's acme.
    expect(manifest.modules.map((m: { key: string }) => m.key)).toEqual(['hs']);
    expect(manifest.landing).toEqual({ module: 'hs', path: '/asset-life' });
    expect(manifest.requireMFA).toBe(false);
  });

  it("lets a user whose claim says 'ACME' read acme's data and nobody else's", async () => {
    const bearer = token(POOL_CLAIM);
    expect((await get('/api/main/customers/acme/users', bearer)).statusCode).toBe(200);
    expect((await get('/api/main/customers/globex/users', bearer)).statusCode).toBe(403);
  });

  it('carries the meta object the pool wrote to the web app, and leaves out one that is not an object', async () => {
    const meta = { department: 'Maintenance', site: 'Plant 4', badge: 1042 };
    const res = await get('/api/v1/manifest', token(POOL_CLAIM, { 'custom:meta': JSON.stringify(meta) }));
    expect(res.json().user.meta).toEqual(meta);
    expect((await get('/api/v1/manifest', token(POOL_CLAIM, { 'custom:meta': '[1,2]' }))).json().user.meta).toEqual({});
  });

  it.each([
    ['a role that is not a string', { role: ['customer'], customerId: 'acme' }],
    ['modules that are not a list', { role: 'customer', customerId: 'acme', modules: 'hs' }],
    ['custom:auth that is not JSON', '{"role": "customer",'],
  ])('answers %s with 403 CFG_ERR_ACCOUNT_MISCONFIGURED, every time, never 401', async (_name, auth) => {
    const bearer = token(auth);
    for (const url of ['/api/v1/manifest', '/api/v1/manifest', '/api/v1/customers']) {
      const res = await get(url, bearer);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'CFG_ERR_ACCOUNT_MISCONFIGURED', title: 'Account misconfigured' });
    }
  });
});
