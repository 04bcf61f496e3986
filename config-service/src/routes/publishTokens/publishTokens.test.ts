// @module-tag hardening/tokens
// A CI's OpenID Connect token is exchanged for a publish token only when every check holds (issue 38).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publisher, PublishToken } from '@platform/schemas';
import { startOidcIssuer, type OidcIssuer } from '../../testing/oidcIssuer.ts';
import { DEFAULT_RATE_LIMITS } from '../../settings.ts';
import { staffToken, startTestApps, type TestApps } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

const staff = staffToken();
const SUBJECT = 'repo:acme/lcc-screens:environment:production';
const AUDIENCE = 'asset-platform';

let apps: TestApps;
let app: FastifyInstance;
let ci: OidcIssuer;
/** An issuer no publisher names. */
let stranger: OidcIssuer;
let publisher: Publisher;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app();
  [ci, stranger] = await Promise.all([startOidcIssuer(), startOidcIssuer()]);
  publisher = (await register(ci.issuer, SUBJECT)).json<Publisher>();
}, 60_000);
afterAll(async () => {
  await apps.close();
  await Promise.all([ci.close(), stranger.close()]);
});

const register = (issuer: string, subject: string, audience = AUDIENCE) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/admin/publishers',
    headers: bearer(staff),
    payload: { issuer, audience, subject, modules: ['lcc'], reason: 'CI' },
  });
const exchange = (token: string) => app.inject({ method: 'POST', url: '/api/v1/publish-tokens', headers: bearer(token) });
const now = () => Math.floor(Date.now() / 1000);

describe('the exchange of a CI token for a publish token', () => {
  it('gives a registered publisher a token of its modules living at most 15 minutes', async () => {
    const before = Date.now();
    const res = await exchange(ci.token());
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<PublishToken>();
    expect(answer.modules).toEqual(['lcc']);
    expect(answer.publisher).toEqual({ id: publisher.id, subject: SUBJECT });
    expect(answer.token).toMatch(/^pt_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(answer.expiresAt) - before).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['no token at all', () => ''],
    ['a token that is not a JWT', () => 'not-a-jwt'],
    ['another audience', () => ci.token({ aud: 'another-service' })],
    ['another issuer', () => stranger.token()],
    ['a token naming the registered issuer but signed by another', () => stranger.token({ iss: ci.issuer })],
    ['an expired token', () => ci.token({ iat: now() - 7200, nbf: now() - 7200, exp: now() - 3600 })],
    ['a token not valid yet (nbf)', () => ci.token({ nbf: now() + 600 })],
    ['a token issued in the future', () => ci.token({ iat: now() + 600, nbf: undefined })],
    ['a token living longer than a day', () => ci.token({ exp: now() + 2 * 86_400 })],
    ['another key under the same key id', () => ci.token({}, { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey })],
    ['alg: none', () => ci.token({}, { alg: 'none' })],
    ['an algorithm the issuer does not advertise', () => ci.token({}, { alg: 'RS512' })],
    ['HS256, the public key as a shared secret', () => ci.token({}, { alg: 'HS256' })],
    ['an ID token of the user pool', () => staff],
  ])('refuses %s with 401, and issues nothing', async (_what, token) => {
    const res = await exchange(token());
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_UNAUTHENTICATED' });
    expect(res.body).not.toContain('pt_');
  });

  it('refuses a genuine token of a known issuer whose subject is not registered with 403', async () => {
    const res = await exchange(ci.token({ sub: 'repo:evil/fork:ref:refs/heads/main' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHER_UNREGISTERED' });
  });

  it("answers 502 when a registered issuer's discovery document cannot be read, and issues nothing", async () => {
    const down = 'http://127.0.0.1:1/ci';
    expect((await register(down, SUBJECT)).statusCode).toBe(201);
    const res = await exchange(ci.token({ iss: down }));
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
  });

  it("never fetches a key set its issuer's discovery places on another host", async () => {
    const elsewhere = await startOidcIssuer({ jwksAt: (origin) => `${origin.replace('127.0.0.1', 'localhost')}/ci/jwks` });
    try {
      expect((await register(elsewhere.issuer, SUBJECT)).statusCode).toBe(201);
      const res = await exchange(elsewhere.token());
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
      expect(elsewhere.keyFetches).toBe(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('never asks an issuer no publisher names', async () => {
    await exchange(stranger.token());
    expect([stranger.discoveries, stranger.keyFetches]).toEqual([0, 0]);
  });

  it('refuses the tokens of a revoked publisher', async () => {
    const subject = `repo:acme/lcc-screens:ref:refs/heads/${randomUUID()}`;
    const revoked = (await register(ci.issuer, subject)).json<Publisher>();
    expect((await exchange(ci.token({ sub: subject }))).statusCode).toBe(201);
    await app.inject({ method: 'DELETE', url: `/api/v1/admin/publishers/${revoked.id}`, headers: bearer(staff), payload: { reason: 'archived' } });
    const res = await exchange(ci.token({ sub: subject }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHER_UNREGISTERED' });
  });

  it("does not fetch the issuer's keys for each of a flood of made-up key ids", async () => {
    expect((await exchange(ci.token())).statusCode).toBe(201);
    const fetched = ci.keyFetches;
    const answers = await Promise.all(Array.from({ length: 200 }, () => exchange(ci.token({}, { kid: randomUUID() }))));
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([401]));
    expect(ci.keyFetches).toBe(fetched);
    // The genuine key still verifies throughout.
    expect((await exchange(ci.token())).statusCode).toBe(201);
    expect(publisher.id).toBeTruthy();
  });
});

describe('the rate of exchanges', () => {
  it('refuses one address past the limit with 429 and Retry-After, and not another address', async () => {
    const limited = await apps.app({ rateLimits: { ...DEFAULT_RATE_LIMITS, signInPerMinute: 2 } });
    const from = (remoteAddress: string) => limited.inject({ method: 'POST', url: '/api/v1/publish-tokens', remoteAddress, headers: bearer(stranger.token()) });
    for (let i = 0; i < 2; i++) expect((await from('198.51.100.7')).statusCode).toBe(401);
    const refused = await from('198.51.100.7');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ code: 'CFG_ERR_RATE_LIMITED', status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await from('203.0.113.9')).statusCode).toBe(401);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as its IPv4 address', async () => {
    const limited = await apps.app({ rateLimits: { ...DEFAULT_RATE_LIMITS, signInPerMinute: 2 } });
    const from = (remoteAddress: string) => limited.inject({ method: 'POST', url: '/api/v1/publish-tokens', remoteAddress, headers: bearer(stranger.token()) });
    expect((await from('2001:db8:7:1::1')).statusCode).toBe(401);
    expect((await from('2001:db8:7:1::2')).statusCode).toBe(401);
    expect((await from('2001:db8:7:1:ffff::3')).statusCode).toBe(429);
    expect((await from('2001:db8:7:2::1')).statusCode).toBe(401);
    expect((await from('198.51.100.8')).statusCode).toBe(401);
    expect((await from('::ffff:198.51.100.8')).statusCode).toBe(401);
    expect((await from('198.51.100.8')).statusCode).toBe(429);
  });
});
