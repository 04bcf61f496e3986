import { cpSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CustomerModules } from '../customers/customerModules.ts';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import { CustomerStore } from '../store/customerStore.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openPostgres } from '../store/postgresDatabase.ts';
import { freePort } from '../testing/freePort.ts';
import { freshDatabaseBehindProxy, type SwitchableProxy } from '../testing/switchableProxy.ts';
import { CLIENT, ISSUER, reloadFolder, ROUTE_MANIFESTS, startTestApps, type TestApps } from '../testing/testApp.ts';
import health, { type HealthOptions, type ReadinessChecks } from './health.ts';
import problem from './problem.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

let apps: TestApps;
let app: FastifyInstance;
const servers: Server[] = [];

/** A JWKS address answered by `handler`. */
async function jwksServer(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/pool/.well-known/jwks.json`;
}
const authenticationAt = (jwksUrl: string) => ({ authentication: { issuer: ISSUER, jwksUrl, clientId: CLIENT, trustLocalKey: true } });

beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app();
});
afterAll(async () => {
  await apps.close();
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

const expectNotReady = (res: LightMyRequestResponse, checks: Partial<Record<keyof ReadinessChecks | 'service', string>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ status: 503, code: 'CFG_ERR_NOT_READY', instance: '/readyz', checks });
  // Fixed words only: no host, port or driver message (the release served is a content hash, not a port).
  const { release, ...rest } = res.json() as { release: string };
  expect(release).toMatch(/^[0-9a-f]{32}$/);
  expect(JSON.stringify(rest)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|fetch failed|\d{4,5}/);
};

describe('GET /healthz', () => {
  it('answers 200 without sign-in, never cached', async () => {
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'alive' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers even when nothing it depends on is ready', async () => {
    const lonely = await apps.app(authenticationAt(`http://127.0.0.1:${await freePort()}/pool/.well-known/jwks.json`));
    expect((await lonely.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /readyz', () => {
  it('answers 200 with every check ready: manifests, identity keys, database', async () => {
    const res = await app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { manifests: 'ready', identityKeys: 'ready', database: 'ready' },
      release: apps.folder.current().release,
      pilot: null,
    });
  });

  it('is 503 naming the service as stopping once told, while /healthz still answers', async () => {
    const stopping = await apps.app();
    expect((await stopping.inject({ url: '/readyz' })).statusCode).toBe(200);
    stopping.stopReadiness();
    const res = await stopping.inject({ url: '/readyz' });
    expectNotReady(res, { service: 'stopping' });
    expect(res.json().detail).toBe('not ready: service stopping');
    expect((await stopping.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers HEAD as GET, for load balancers that probe with it', async () => {
    expect((await app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
  });

  it("is 503 problem+json naming the identity keys when the identity provider's JWKS cannot be reached", async () => {
    const unreachable = await apps.app(authenticationAt(`http://127.0.0.1:${await freePort()}/pool/.well-known/jwks.json`));
    const res = await unreachable.inject({ url: '/readyz' });
    expectNotReady(res, { manifests: 'ready', identityKeys: 'unreachable', database: 'ready' });
    expect(res.json().detail).toBe('not ready: identityKeys unreachable');
  });

  it('is 503 when the JWKS answers without keys, with something other than JSON, or with an error', async () => {
    const answers: [RequestListener, ReadinessChecks['identityKeys']][] = [
      [(_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}'), 'no keys'],
      [(_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'), 'no keys'],
      [(_req, res) => res.writeHead(500).end(), 'unreachable'],
    ];
    for (const [handler, state] of answers) {
      const answering = await apps.app(authenticationAt(await jwksServer(handler)));
      expectNotReady(await answering.inject({ url: '/readyz' }), { identityKeys: state });
    }
  });

  it('fetches the keys once for many probes: concurrent ones share a request, later ones trust it for a while', async () => {
    let requests = 0;
    const counted = await apps.app(
      authenticationAt(
        await jwksServer((_req, res) => {
          requests++;
          setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[{"kid":"k"}]}'), 50);
        }),
      ),
    );
    const answers = await Promise.all(Array.from({ length: 10 }, () => counted.inject({ url: '/readyz' })));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect((await counted.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect(requests).toBe(1);
  });
});

describe('GET /readyz, each check on its own', () => {
  const manifests = { current: () => apps.folder.current(), state: () => ({ active: apps.folder.current().release, pilot: null }) };
  const database: Database['query'] = async () => ({ rows: [] });
  const instances: FastifyInstance[] = [];
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));
  const bare = async (options: Partial<HealthOptions>) => {
    const instance = Fastify();
    instances.push(instance);
    await instance.register(problem);
    await instance.register(health, {
      manifests,
      database: { query: database },
      jwksUrl: await jwksServer((_req, res) => res.end('{"keys":[{"kid":"k"}]}')),
      timeoutMs: 200,
      ...options,
    });
    return instance;
  };

  it('stays ready when an edit of the manifests is rejected: the last good set is still served', async () => {
    const dir = tempFolder('health-manifests-');
    cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
    const folder = new ManifestFolder(dir);
    const { releases } = await apps.served(folder, 'files');
    const edited = await bare({ manifests: releases });
    writeFileSync(join(dir, 'lb.json'), '{ "key": "lb", ');
    expect((await reloadFolder(folder, releases)).kind).toBe('rejected');
    const res = await edited.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.manifests).toBe('ready');
  });

  it("names the release and the pilot's, but not the pilot's customers: anyone may ask, ready or not", async () => {
    const pilot = { release: 'bbbbbbbbbbbb', customers: ['globex', 'acme'] };
    const piloting = { ...manifests, state: () => ({ active: 'aaaaaaaaaaaa', pilot }) };
    const ready = await bare({ manifests: piloting });
    const notReady = await bare({ manifests: piloting, database: { query: () => new Promise<never>(() => undefined) } });
    for (const [instance, status] of [
      [ready, 200],
      [notReady, 503],
    ] as const) {
      const res = await instance.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ release: 'aaaaaaaaaaaa', pilot: { release: 'bbbbbbbbbbbb', customers: 2 } });
      expect(res.body).not.toMatch(/globex|acme/);
    }
  });

  it('reports manifests not loaded when there are none to serve', async () => {
    const empty = await bare({ manifests: { ...manifests, current: () => ({ ...apps.folder.current(), registry: [] }) } });
    expectNotReady(await empty.inject({ url: '/readyz' }), { manifests: 'not loaded', identityKeys: 'ready', database: 'ready' });
  });

  it('reports a database that does not answer within the time limit as timed out, and answers in time itself', async () => {
    const stuck = await bare({ database: { query: () => new Promise<never>(() => undefined) } });
    const started = Date.now();
    expectNotReady(await stuck.inject({ url: '/readyz' }), { database: 'timed out' });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('asks a failing identity provider for its keys at most once in 5 s however many probes come, and is ready soon after it recovers', async () => {
    let requests = 0;
    let failing = true;
    let clock = 1_000_000;
    const flooded = await bare({
      now: () => clock,
      jwksUrl: await jwksServer((_req, res) => {
        requests++;
        if (failing) res.writeHead(503).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[{"kid":"k"}]}');
      }),
    });
    const probe = () => flooded.inject({ url: '/readyz' });
    for (let i = 0; i < 20; i++) expectNotReady(await probe(), { identityKeys: 'unreachable' });
    await Promise.all(Array.from({ length: 20 }, probe));
    clock += 4_999;
    expectNotReady(await probe(), { identityKeys: 'unreachable' });
    expect(requests).toBe(1);

    clock += 1;
    expectNotReady(await probe(), { identityKeys: 'unreachable' });
    expect(requests).toBe(2);

    failing = false;
    clock += 5_000;
    expect((await probe()).statusCode).toBe(200);
    expect((await probe()).statusCode).toBe(200);
    expect(requests).toBe(3);
  });

  it('reports a JWKS that does not answer within the time limit as timed out', async () => {
    const slow = await bare({ jwksUrl: await jwksServer(() => undefined) });
    expectNotReady(await slow.inject({ url: '/readyz' }), { identityKeys: 'timed out' });
  });
});

describe('GET /readyz with a real PostgreSQL that goes down and comes back', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabaseBehindProxy>>;
  let proxy: SwitchableProxy;
  let database: Database;
  let modules: CustomerModules;
  let served: FastifyInstance;

  beforeAll(async () => {
    fresh = await freshDatabaseBehindProxy(inject('postgresUrl'));
    proxy = fresh.proxy;
    database = await openPostgres(fresh.url, { onError: () => undefined });
    await migrate(database);
    modules = await CustomerModules.open(new CustomerStore(database), apps.folder);
    served = await apps.app({ customerModules: modules });
  });
  afterAll(async () => {
    // The listener first: closing the database under it would have it reconnect.
    await modules?.close();
    await database?.close();
    await fresh?.close();
  });

  it('is ready while the database answers', async () => {
    expect((await served.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('is 503 naming the database while it is down, the other checks still ready', async () => {
    await proxy.down();
    expectNotReady(await served.inject({ url: '/readyz' }), { manifests: 'ready', identityKeys: 'ready', database: 'unreachable' });
    // Alive all the same: a supervisor must not restart a process for its database's outage.
    expect((await served.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('is ready again once the database is back', async () => {
    await proxy.up();
    await expect.poll(async () => (await served.inject({ url: '/readyz' })).statusCode, { timeout: 10_000 }).toBe(200);
  });
});
