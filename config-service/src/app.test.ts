import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, claims, customersWithModulesOff, localIdp, now, sign, startTestApps, strangerKey, type TestApps } from './testing/testApp.ts';
import { bearer, signedRequest } from './testing/signedRequest.ts';

let apps: TestApps;
beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(() => apps.close());
const app = (trustLocalKey = true) => apps.app({ trustLocalKey });

const getManifest = async (token?: string, headers: Record<string, string> = {}) =>
  signedRequest(await app(), token, { method: 'GET', url: '/api/v1/manifest', headers });

describe('GET /api/v1/manifest', () => {
  it("answers a customer's verified token with their modules and landing", async () => {
    const res = await getManifest(sign(claims()));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.modules.map((m: { key: string }) => m.key)).toEqual(['mr', 'lcc', 'hs']);
    expect(body.landing).toEqual({ module: 'hs', path: '/asset-life' });
    expect(body.customerId).toBe('acme');
    expect(body.user).toEqual({ sub: 'user-1', role: 'customer', givenName: 'Erin', familyName: 'Engineer', email: 'erin@acme.example', meta: {} });
  });

  it('tags the answer with an ETag and answers 304 to a client that has it', async () => {
    const token = sign(claims());
    const first = await getManifest(token);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toContain('Authorization');
    const again = await getManifest(token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getManifest(token, { 'if-none-match': `W/${etag}, "other"` })).statusCode).toBe(304);
    // Another user's document is another entity.
    const staff = await getManifest(sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) })), { 'if-none-match': etag });
    expect(staff.statusCode).toBe(200);
    expect(staff.headers.etag).not.toBe(etag);
  });

  it('sends the manifest compressed to a client that takes it, tagged as its own representation, and 304 to a client that has it', async () => {
    const token = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const plain = await getManifest(token);
    const cases: [string, string, (body: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ];
    for (const [accepted, coding, decode] of cases) {
      const res = await getManifest(token, { 'accept-encoding': accepted });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(String(res.headers.vary)).toMatch(/Accept-Encoding/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
      const etag = String(res.headers.etag);
      expect(etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-${coding}"`);
      const again = await getManifest(token, { 'accept-encoding': accepted, 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    // Not taken, or nothing it can read: as it is.
    for (const accepted of ['identity', 'zstd']) {
      const res = await getManifest(token, { 'accept-encoding': accepted });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    }
  });

  it.each([
    ['no token', undefined],
    ['alg none', sign(claims(), { alg: 'none' })],
    ['a key the pool never published', sign(claims(), { key: strangerKey })],
    ['an unknown kid', sign(claims(), { kid: 'other' })],
    ['an expired token', sign(claims({ exp: now() - 60, iat: now() - 3600 }))],
    ['a wrong issuer', sign(claims({ iss: 'http://evil.test/pool' }))],
    ['a wrong audience', sign(claims({ aud: 'other-client' }))],
    ['an access token', sign(claims({ token_use: 'access' }))],
    ['a non-JWT value', 'not-a-token'],
  ])('refuses %s with 401 problem+json', async (_case, token) => {
    const res = await getManifest(token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, type: expect.stringContaining('CFG_ERR_'), instance: '/api/v1/manifest' });
  });

  it("refuses the local identity provider's published key unless it is trusted", async () => {
    const token = sign(claims(), { key: localIdp.pem, kid: 'CognitoLocal' });
    const trusted = await (await app(true)).inject({ url: '/api/v1/manifest', headers: bearer(token) });
    const untrusted = await (await app(false)).inject({ url: '/api/v1/manifest', headers: bearer(token) });
    expect(trusted.statusCode).toBe(200);
    expect(untrusted.statusCode).toBe(401);
  });

  it('lets staff choose the customer with X-Customer-Id and ignores it for customers', async () => {
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    expect((await getManifest(staff, { 'x-customer-id': 'globex' })).json().customerId).toBe('globex');
    expect((await getManifest(sign(claims()), { 'x-customer-id': 'globex' })).json().customerId).toBe('acme');
    expect((await getManifest(staff, { 'x-customer-id': '../etc' })).statusCode).toBe(400);
  });

  it("leaves out the modules the user's customer has switched off, for its users and for staff acting for it", async () => {
    const switched = await apps.app({ customerModules: apps.track(await customersWithModulesOff(apps.folder, { acme: ['lcc'] })) });
    const get = (token: string, headers: Record<string, string> = {}) => signedRequest(switched, token, { url: '/api/v1/manifest', headers });
    const keys = (res: { json(): { modules: { key: string }[] } }) => res.json().modules.map((m) => m.key);
    expect(keys(await get(sign(claims())))).toEqual(['mr', 'hs']);
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    expect(keys(await get(staff, { 'x-customer-id': 'acme' }))).not.toContain('lcc');
    expect(keys(await get(staff, { 'x-customer-id': 'globex' }))).toContain('lcc');
  });

  it('treats a token without an auth claim as a user with dash and profile only', async () => {
    const res = await getManifest(sign(claims({ 'custom:auth': undefined })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ modules: [], customerId: null, landing: null });
  });
});

describe('what users are served', () => {
  it('is the active release in the store, whose routes every app has, as server.ts wires it', async () => {
    const served = await app();
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const list = await served.inject({ url: '/api/v1/admin/releases', headers: bearer(staff) });
    expect(list.statusCode).toBe(200);
    const { active } = list.json() as { active: string };
    const manifest = await served.inject({ url: '/api/v1/manifest', headers: bearer(sign(claims())) });
    expect(manifest.json().version).toBe(active);
    expect((await served.inject({ url: '/readyz' })).json().release).toBe(active);
  });
});

describe('GET /api/v1/customers', () => {
  it('lists the customers for staff', async () => {
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const res = await (await app()).inject({ url: '/api/v1/customers', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    expect(res.json().customers.map((c: { id: string }) => c.id)).toEqual(['acme', 'globex']);
  });

  it('answers 403 problem+json to a customer user', async () => {
    const res = await (await app()).inject({ url: '/api/v1/customers', headers: bearer(sign(claims())) });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().code).toBe('CFG_ERR_FORBIDDEN');
  });
});

describe('GET /api/v1/config', () => {
  it('answers without sign-in with identity settings and the top-level routes', async () => {
    const res = await (await app()).inject({ url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.auth.userPoolClientId).toBe(CLIENT);
    expect(body.shell.routes.map((r: { fullPath: string }) => r.fullPath)).toEqual(['/', '/loading', '/login', '/logout']);
  });
});

describe('compression of other answers', () => {
  it('sends JSON over 1 KB compressed to a client that takes it, and smaller answers as they are', async () => {
    const served = await app();
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const headers = bearer(staff, { 'accept-encoding': 'br, gzip' });
    const big = await served.inject({ url: '/api/v1/admin/modules', headers });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8'))).toHaveProperty('modules');
    const small = await served.inject({ url: '/healthz', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'alive' });
  });

  it('does not unpack a compressed request body: it would slip past the body limits', async () => {
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const res = await (await app()).inject({
      method: 'POST',
      url: '/api/v1/admin/preview',
      headers: bearer(staff, { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
      payload: gzipSync(JSON.stringify({ claims: { role: 'customer', customerId: 'acme', modules: ['mr'] } })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});

describe('unknown API routes', () => {
  it('answer 404 problem+json', async () => {
    const res = await (await app()).inject({ url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CFG_ERR_NOT_FOUND');
  });
});
