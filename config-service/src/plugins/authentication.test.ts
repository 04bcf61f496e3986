import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, claims, ISSUER, sign, startTestApps, TEST_JWKS, type TestApps } from '../testing/testApp.ts';
import type { PublisherStore, PublishTokenHolder } from '../store/publisherStore.ts';
import { bearer } from '../testing/signedRequest.ts';

let apps: TestApps;
const servers: Server[] = [];
beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(async () => {
  await apps.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An identity provider that cuts the connection of its first `drops` requests before answering, as a kept-alive socket closed just as it is reused. */
async function flakyJwks(drops: number): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  const server = createServer((request, response) => {
    asked++;
    if (asked <= drops) return void request.socket.destroy();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TEST_JWKS));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/local_pool/.well-known/jwks.json`, asked: () => asked };
}
/** An identity provider that takes the request for its keys and never answers the first `hangs` of them, as one stuck behind a dead load balancer. */
async function silentJwks(hangs: number): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  const server = createServer((_request, response) => {
    asked++;
    if (asked > hangs) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(TEST_JWKS));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/local_pool/.well-known/jwks.json`, asked: () => asked };
}
/** How long a request for the keys may take here: JWKS_TIMEOUT_MS (3 s) would make the tests of a silent provider wait it out, and an answer on loopback comes well within this even on a busy machine. */
const KEY_TIMEOUT_MS = 500;
const appAt = (jwksUrl: string) =>
  apps.app({ authentication: { issuer: ISSUER, jwksUrl, clientId: CLIENT, trustLocalKey: true, jwksTimeoutMs: KEY_TIMEOUT_MS } });

describe('fetching the signing keys', () => {
  it('asks once more when the connection is cut before an answer, and the user is served', async () => {
    const jwks = await flakyJwks(1);
    const res = await (await appAt(jwks.url)).inject({ url: '/api/v1/manifest', headers: bearer(sign(claims())) });
    expect(res.statusCode, res.body).toBe(200);
    expect(jwks.asked()).toBe(2);
  });

  it('answers 502 problem+json naming the identity provider when it fails twice', async () => {
    const jwks = await flakyJwks(2);
    const res = await (await appAt(jwks.url)).inject({ url: '/api/v1/manifest', headers: bearer(sign(claims())) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
  });

  // A request for the keys that gets no answer within the timeout is asked once more.
  it('asks once more when the first request gets no answer, and the user is served', async () => {
    const jwks = await silentJwks(1);
    const res = await (await appAt(jwks.url)).inject({ url: '/api/v1/manifest', headers: bearer(sign(claims())) });
    expect(res.statusCode, res.body).toBe(200);
    expect(jwks.asked()).toBe(2);
  }, 10_000);

  it('answers 502 problem+json within 7 s, never waiting for ever, when neither request gets an answer', async () => {
    const jwks = await silentJwks(Number.POSITIVE_INFINITY);
    const app = await appAt(jwks.url);
    const started = Date.now();
    const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(sign(claims())) });
    expect(Date.now() - started).toBeLessThan(7_000);
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
    expect(jwks.asked()).toBe(2);
  }, 10_000);
});

describe('a publish token', () => {
  /** Publishers whose every token is held, counting the lookups: what the route check must spare. */
  const countingPublishers = () => {
    const counted = { lookups: 0 };
    const holder: PublishTokenHolder = { publisher: { id: 'publisher-1', subject: 'repo:acme/lcc' }, modules: ['lcc'] };
    const holderOf = async () => {
      counted.lookups++;
      return holder;
    };
    const store = { holderOf } as unknown as PublisherStore;
    return { counted, store };
  };
  const token = bearer(`pt_${'a'.repeat(43)}`);

  it.each([
    ['a route of every user', '/api/v1/manifest'],
    ['an admin route that is not a publishing step', '/api/v1/admin/publishers'],
  ])('is refused 403 at %s without looking the token up', async (_where, url) => {
    const { counted, store } = countingPublishers();
    const res = await (await apps.app({ publishers: store })).inject({ url, headers: token });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHING_ONLY' });
    expect(counted.lookups).toBe(0);
  });

  it('is looked up at a publishing step', async () => {
    const { counted, store } = countingPublishers();
    const res = await (await apps.app({ publishers: store })).inject({ url: '/api/v1/admin/releases', headers: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(counted.lookups).toBe(1);
  });
});
