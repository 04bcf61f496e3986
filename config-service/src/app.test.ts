import { generateKeyPairSync, createSign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { loadManifestSet } from './manifests/loadManifestSet.ts';

const ISSUER = 'http://issuer.test/local_pool';
const CLIENT = 'web-client';
const set = loadManifestSet(new URL('../../route-manifests', import.meta.url).pathname);
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const localIdp = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string; jwk: object };

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(payload: Record<string, unknown>, options: { key?: KeyObject | string; kid?: string; alg?: string } = {}): string {
  const header = { alg: options.alg ?? 'RS256', typ: 'JWT', kid: options.kid ?? 'test-key' };
  const input = `${b64(header)}.${b64(payload)}`;
  if (header.alg === 'none') return `${input}.`;
  const signature = createSign('RSA-SHA256').update(input).sign(options.key ?? privateKey).toString('base64url');
  return `${input}.${signature}`;
}
const now = () => Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  iss: ISSUER,
  aud: CLIENT,
  token_use: 'id',
  iat: now(),
  exp: now() + 3600,
  email: 'erin@acme.example',
  given_name: 'Erin',
  family_name: 'Engineer',
  'custom:auth': JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' }),
  ...extra,
});

let jwks: Server;
let jwksUrl: string;
const apps: FastifyInstance[] = [];

async function app(trustLocalKey = true) {
  const instance = await buildApp({
    environment: 'local',
    productName: 'AssetTwin',
    manifests: () => set,
    authentication: { issuer: ISSUER, jwksUrl, clientId: CLIENT, trustLocalKey },
    customers: async () => [{ id: 'acme', name: 'Acme Industrial' }, { id: 'globex', name: 'Globex Energy' }],
    browserAuth: { region: 'us-east-1', userPoolId: 'local_pool', userPoolClientId: CLIENT, userPoolEndpoint: null, authFlowType: 'USER_PASSWORD_AUTH', oauth: null },
  });
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  const keys = [
    { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' },
    { ...(localIdp.jwk as object), kid: 'CognitoLocal' },
  ];
  jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/local_pool/.well-known/jwks.json`;
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  jwks.close();
});

const getManifest = async (token?: string, headers: Record<string, string> = {}) =>
  (await app()).inject({ method: 'GET', url: '/api/v1/manifest', headers: token ? { authorization: `Bearer ${token}`, ...headers } : headers });

describe('GET /api/v1/manifest', () => {
  it("answers a customer's verified token with their modules and landing", async () => {
    const res = await getManifest(sign(claims()));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.modules.map((m: { key: string }) => m.key)).toEqual(['mr', 'lcc', 'hs']);
    expect(body.landing).toEqual({ module: 'hs', path: '/asset-life' });
    expect(body.customerId).toBe('acme');
    expect(body.user).toEqual({ sub: 'user-1', role: 'customer', givenName: 'Erin', familyName: 'Engineer', email: 'erin@acme.example' });
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

  it.each([
    ['no token', undefined],
    ['alg none', sign(claims(), { alg: 'none' })],
    ['a key the pool never published', sign(claims(), { key: strangerKey })],
    ['an unknown kid', sign(claims(), { kid: 'other' })],
    ['an expired token', sign(claims({ exp: now() - 60, iat: now() - 3600 }))],
    ['a wrong issuer', sign(claims({ iss: 'http://evil.test/pool' }))],
    ['a wrong audience', sign(claims({ aud: 'other-client' }))],
    ['an access token', sign(claims({ token_use: 'access' }))],
    ['a malformed auth claim', sign(claims({ 'custom:auth': '{"role": 7}' }))],
    ['a non-JWT value', 'not-a-token'],
  ])('refuses %s with 401 problem+json', async (_case, token) => {
    const res = await getManifest(token);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 401, type: expect.stringContaining('CFG_ERR_'), instance: '/api/v1/manifest' });
  });

  it("refuses the local identity provider's published key outside local and demo", async () => {
    const token = sign(claims(), { key: localIdp.pem, kid: 'CognitoLocal' });
    const trusted = await (await app(true)).inject({ url: '/api/v1/manifest', headers: { authorization: `Bearer ${token}` } });
    const untrusted = await (await app(false)).inject({ url: '/api/v1/manifest', headers: { authorization: `Bearer ${token}` } });
    expect(trusted.statusCode).toBe(200);
    expect(untrusted.statusCode).toBe(401);
  });

  it('lets staff choose the customer with X-Customer-Id and ignores it for customers', async () => {
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    expect((await getManifest(staff, { 'x-customer-id': 'globex' })).json().customerId).toBe('globex');
    expect((await getManifest(sign(claims()), { 'x-customer-id': 'globex' })).json().customerId).toBe('acme');
    expect((await getManifest(staff, { 'x-customer-id': '../etc' })).statusCode).toBe(400);
  });

  it('treats a token without an auth claim as a user with dash and profile only', async () => {
    const res = await getManifest(sign(claims({ 'custom:auth': undefined })));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ modules: [], customerId: null, landing: null });
  });
});

describe('GET /api/v1/customers', () => {
  it('lists the customers for staff', async () => {
    const staff = sign(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const res = await (await app()).inject({ url: '/api/v1/customers', headers: { authorization: `Bearer ${staff}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().customers.map((c: { id: string }) => c.id)).toEqual(['acme', 'globex']);
  });

  it('answers 403 problem+json to a customer user', async () => {
    const res = await (await app()).inject({ url: '/api/v1/customers', headers: { authorization: `Bearer ${sign(claims())}` } });
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

describe('unknown API routes', () => {
  it('answer 404 problem+json', async () => {
    const res = await (await app()).inject({ url: '/api/v1/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CFG_ERR_NOT_FOUND');
  });
});
