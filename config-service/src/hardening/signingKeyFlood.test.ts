// @module-tag hardening/tokens
// Tokens naming made-up key ids cannot make the service hammer the identity provider, nor push the real keys out.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JWKS_COOLDOWN_MS } from '../plugins/signingKeys.ts';
import { CLIENT, claims, ISSUER, sign, startTestApps, TEST_JWKS, type TestApps } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

let apps: TestApps;
const servers: Server[] = [];
beforeAll(async () => {
  apps = await startTestApps();
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await apps.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An identity provider that counts the requests for its keys, whose key set and health a test can change. */
async function countingIdentityProvider() {
  const provider = { fetches: 0, keys: [...TEST_JWKS.keys] as object[], down: false, url: '' };
  const server = createServer((_request, response) => {
    provider.fetches++;
    if (provider.down) return void response.writeHead(503).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: provider.keys }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/local_pool/.well-known/jwks.json`;
  return provider;
}

const appAt = (jwksUrl: string) => apps.app({ authentication: { issuer: ISSUER, jwksUrl, clientId: CLIENT, trustLocalKey: true } });
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** Not even signed: a header naming a key id nobody published, and a signature of the right length. */
const madeUp = () => `${b64({ alg: 'RS256', typ: 'JWT', kid: randomUUID() })}.${b64(claims())}.${'A'.repeat(342)}`;
/** A new token each time (its own jti), so it is verified with the key, not answered from the tokens remembered. */
const genuine = () => sign(claims({ jti: randomUUID() }));
const manifest = (app: FastifyInstance, token: string) => signedRequest(app, token, { url: '/api/v1/manifest' });
/** Moves the service's clock (and the tokens') past the cooldown; timers keep running for real. */
const afterCooldown = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + JWKS_COOLDOWN_MS + 1_000 });

/** Sends 1,000 made-up tokens, 100 at a time, a genuine one beside each hundred; what each got. */
async function flood(app: FastifyInstance): Promise<{ madeUp: Set<number>; genuine: Set<number> }> {
  const statuses = { madeUp: new Set<number>(), genuine: new Set<number>() };
  for (let batch = 0; batch < 10; batch++) {
    const [first, ...rest] = await Promise.all([manifest(app, genuine()), ...Array.from({ length: 100 }, () => manifest(app, madeUp()))]);
    statuses.genuine.add(first!.statusCode);
    for (const res of rest) statuses.madeUp.add(res.statusCode);
  }
  return statuses;
}

describe('a flood of tokens with made-up key ids', () => {
  it('costs the identity provider at most one fetch in 30 s, and the genuine token verifies throughout', async () => {
    const provider = await countingIdentityProvider();
    const app = await appAt(provider.url);
    expect((await manifest(app, genuine())).statusCode).toBe(200);
    expect(provider.fetches).toBe(1);

    // Just after a fetch: the made-up key ids are refused from the key set in hand.
    expect(await flood(app)).toEqual({ madeUp: new Set([401]), genuine: new Set([200]) });
    expect(provider.fetches).toBe(1);

    // Once the last fetch is old enough, one made-up key id may ask again; the rest wait for the next window.
    afterCooldown();
    expect(await flood(app)).toEqual({ madeUp: new Set([401]), genuine: new Set([200]) });
    expect(provider.fetches).toBe(2);
  });

  it('answers 401 problem+json naming the unknown key', async () => {
    const provider = await countingIdentityProvider();
    const res = await manifest(await appAt(provider.url), madeUp());
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_UNAUTHENTICATED', detail: 'token signed by an unknown key' });
  });

  it('counts a fetch that failed too: a provider that is down or throttling is not asked again for every made-up key id', async () => {
    const provider = await countingIdentityProvider();
    const app = await appAt(provider.url);
    expect((await manifest(app, genuine())).statusCode).toBe(200);
    provider.down = true;
    afterCooldown();
    // The first made-up key id asks, and learns nothing; the flood behind it does not ask again.
    expect((await manifest(app, madeUp())).statusCode).toBe(502);
    expect(provider.fetches).toBe(2);
    expect(await flood(app)).toEqual({ madeUp: new Set([401]), genuine: new Set([200]) });
    expect(provider.fetches).toBe(2);
  });
});

describe('a key the identity provider publishes later (rotation)', () => {
  it('is accepted once the last fetch is 30 s old, and the old key keeps working', async () => {
    const provider = await countingIdentityProvider();
    const app = await appAt(provider.url);
    expect((await manifest(app, genuine())).statusCode).toBe(200);

    const next = generateKeyPairSync('rsa', { modulusLength: 2048 });
    provider.keys = [...provider.keys, { ...next.publicKey.export({ format: 'jwk' }), kid: 'next-key', alg: 'RS256', use: 'sig' }];
    const signedWithNext = () => sign(claims({ jti: randomUUID() }), { key: next.privateKey, kid: 'next-key' });
    expect((await manifest(app, signedWithNext())).statusCode).toBe(401);
    expect(provider.fetches).toBe(1);

    afterCooldown();
    expect((await manifest(app, signedWithNext())).statusCode).toBe(200);
    expect((await manifest(app, genuine())).statusCode).toBe(200);
    expect(provider.fetches).toBe(2);
  });
});
