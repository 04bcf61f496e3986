// @module-tag hardening/tokens
// Every route that needs sign-in refuses every hostile token with 401 problem+json. A validly signed
// token whose auth claim cannot be read is refused everywhere too, but with 403 (issue 27, decision 0047):
// signing in again brings the same claim back, so 401's forced login would only go round in a loop.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../app.ts';
import { claims, demoCustomerModules, releasesOn, localIdp, now, sign, startTestApps, strangerKey, type TestApps } from '../testing/testApp.ts';
import { bearer, signedRequest } from '../testing/signedRequest.ts';

/** Cognito issues ID tokens for a day at most. */
const DAY = 24 * 60 * 60;

let apps: TestApps;
let app: FastifyInstance;
/** Every route the service can register: the optional local messaging sink and main backend too. */
const everything: Partial<AppOptions> = {
  messaging: { kind: 'local' },
  localMainApi: { signingKey: Buffer.alloc(32, 1) },
};
beforeAll(async () => {
  apps = await startTestApps();
  // Manifest releases too, in a database of their own: their routes are signed-in ones.
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  Object.assign(everything, { customerModules: modules, releases });
  app = await apps.app(everything);
});
afterAll(async () => {
  await apps.close();
});

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Signs with the local emulator's published key, which is trusted only with the local identity provider. */
const signLocal = (payload: Record<string, unknown>) => sign(payload, { key: localIdp.pem, kid: 'CognitoLocal' });
const valid = () => sign(claims());
/** HS256 "signed" with the pool's public key as the secret: the classic algorithm-confusion attack. */
const hs256WithPublicKey = () => {
  const input = `${b64({ alg: 'HS256', typ: 'JWT', kid: 'test-key' })}.${b64(claims())}`;
  return `${input}.${createHmac('sha256', JSON.stringify(localIdp.jwk)).update(input).digest('base64url')}`;
};
const tamperedPayload = () => {
  const [header, , signature] = valid().split('.');
  return `${header}.${b64(claims({ 'custom:auth': JSON.stringify({ role: 'sentient' }) }))}.${signature}`;
};

/** Claims no signature makes acceptable; computed when a test runs, since they hold the time. */
const CLAIM_ATTACKS: [string, () => Record<string, unknown>][] = [
  ['an expired token', () => claims({ exp: now() - 60, iat: now() - 3600 })],
  ['nbf in the future', () => claims({ nbf: now() + 3600 })],
  ['iat in the future', () => claims({ iat: now() + 3600, exp: now() + 7200 })],
  ['a lifetime over 24 hours', () => claims({ iat: now() - 60, exp: now() + DAY })],
  ['a wrong issuer', () => claims({ iss: 'http://evil.test/pool' })],
  ['a wrong audience', () => claims({ aud: 'another-client' })],
  ['an access token', () => claims({ token_use: 'access' })],
];

/** Validly signed claims whose auth object cannot be read: a misconfigured account, refused with 403 everywhere. */
const UNUSABLE_CLAIMS: [string, () => Record<string, unknown>][] = [
  ['a role that is not a string', () => claims({ 'custom:auth': JSON.stringify({ role: 7 }) })],
  ['modules that are not a list', () => claims({ 'custom:auth': JSON.stringify({ role: 'customer', modules: 'mr' }) })],
  ['an auth claim that is not JSON', () => claims({ 'custom:auth': '{role:' })],
];

const HOSTILE: [string, () => string][] = [
  ['alg none', () => sign(claims(), { alg: 'none' })],
  ['HS256 with the public key as secret', hs256WithPublicKey],
  ['an unknown kid', () => sign(claims(), { kid: 'nobody' })],
  ['a key the pool never published', () => sign(claims(), { key: strangerKey })],
  ...CLAIM_ATTACKS.map(([name, attack]): [string, () => string] => [name, () => sign(attack())]),
  ['a tampered payload', tamperedPayload],
  ['a truncated token', () => valid().slice(0, -10)],
  ['a token over 8 KB', () => sign(claims({ padding: 'x'.repeat(9 * 1024) }))],
  ['not a JWT', () => 'not-a-jwt'],
  ['two dots only', () => '..'],
];

/** The same claim attacks, validly signed with the local emulator's key: the key is trusted here, the tokens are not. */
const HOSTILE_LOCAL = [...CLAIM_ATTACKS, ...UNUSABLE_CLAIMS].map(([name, attack]): [string, () => string] => [name, () => signLocal(attack())]);

/** Environments where the local identity provider is not the one trusted: demo too (decision 0040). */
const NOT_LOCAL = ['demo', 'dev', 'staging', 'production'];

/** A concrete address for a route pattern. */
const concrete = (url: string) =>
  url
    .replace(/:customerId/g, 'acme')
    .replace(/:moduleKey/g, 'mr')
    .replace(/:[A-Za-z]+/g, 'x');

/** The signed-in routes that did not answer the token with `status` problem+json (and `code`, when given). */
async function routesAccepting(target: FastifyInstance, token: string, status = 401, code?: string): Promise<string[]> {
  const accepted: string[] = [];
  for (const route of target.routeTable.filter((r) => r.signedIn && r.method !== 'HEAD')) {
    // An accepted token on the event stream would open a stream that never ends: give up after a while.
    const res = await Promise.race([
      target.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: bearer(token),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      }),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3_000)),
    ]);
    if (!res) accepted.push(`${route.method} ${route.url} → accepted (no answer)`);
    else if (
      res.statusCode !== status ||
      !String(res.headers['content-type']).startsWith('application/problem+json') ||
      (code !== undefined && res.json<{ code?: string }>().code !== code)
    )
      accepted.push(`${route.method} ${route.url} → ${res.statusCode}`);
  }
  return accepted;
}

describe('hostile tokens on every route that needs sign-in', () => {
  it('walks a route table that has the signed-in routes', () => {
    const routes = app.routeTable.filter((r) => r.signedIn && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.map((r) => r.url)).toContain('/api/v1/manifest');
  });

  it.each(HOSTILE)('refuses %s with 401 problem+json everywhere', async (_name, token) => {
    expect(await routesAccepting(app, token())).toEqual([]);
  });

  it.each(CLAIM_ATTACKS.map(([name, attack]): [string, () => string] => [name, () => signLocal(attack())]))(
    "refuses %s signed with the local emulator's key, in local mode where the key is trusted",
    async (_name, token) => {
      expect(await routesAccepting(app, token())).toEqual([]);
    },
  );

  // Issue 27: these were 401 until decision 0047; a 401 sent the browser round the forced login for ever.
  it.each(UNUSABLE_CLAIMS)('refuses a validly signed token with %s as a misconfigured account: 403 problem+json everywhere', async (_name, attack) => {
    expect(await routesAccepting(app, sign(attack()), 403, 'CFG_ERR_ACCOUNT_MISCONFIGURED')).toEqual([]);
    expect(await routesAccepting(app, signLocal(attack()), 403, 'CFG_ERR_ACCOUNT_MISCONFIGURED')).toEqual([]);
  });

  it("accepts the local emulator's key in local mode (so the refusals above are about the tokens)", async () => {
    const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(signLocal(claims())) });
    expect(res.statusCode).toBe(200);
  });

  it.each(NOT_LOCAL)("refuses every token signed with the local emulator's key when the environment is %s", async (environment) => {
    const elsewhere = await apps.app({ ...everything, environment });
    for (const [name, token] of [['a valid token', () => signLocal(claims())] as const, ...HOSTILE_LOCAL]) {
      expect({ name, accepted: await routesAccepting(elsewhere, token()) }).toEqual({ name, accepted: [] });
    }
    // The same app accepts its own pool's key: the refusal is the local key's, not a broken app's.
    expect((await elsewhere.inject({ url: '/api/v1/manifest', headers: bearer(valid()) })).statusCode).toBe(200);
  });

  it('refuses a token it accepted before once it has expired (verified tokens are remembered only until then)', async () => {
    const token = sign(claims({ exp: now() + 120 }));
    const ask = () => signedRequest(app, token, { url: '/api/v1/manifest' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 121_000 });
    try {
      const late = await ask();
      expect(late.statusCode).toBe(401);
      expect(late.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a token that lives longer than 24 hours, saying so, and accepts one of exactly 24 hours', async () => {
    const ask = (token: string) => signedRequest(app, token, { url: '/api/v1/manifest' });
    const issued = now();
    const tooLong = await ask(sign(claims({ iat: issued, exp: issued + DAY + 1 })));
    expect(tooLong.statusCode).toBe(401);
    expect(tooLong.json()).toMatchObject({ code: 'CFG_ERR_UNAUTHENTICATED', detail: 'token lives longer than 24 hours (exp - iat)' });
    expect((await ask(sign(claims({ iat: issued, exp: issued + DAY })))).statusCode).toBe(200);
  });

  it('treats a validly signed token without an auth claim as a signed-in user with dash and profile only', async () => {
    const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(sign(claims({ 'custom:auth': undefined }))) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ modules: [], customerId: null, landing: null });
  });
});
