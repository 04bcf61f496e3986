// Module bundles across replicas: two apps, each with its own connection pool, on one PostgreSQL
// server, as behind a load balancer. A bundle uploaded through one is served by the other, and a
// release naming it published through one gives the other's users the bundle and its page the map.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { releaseEntityTag, type Release, type ReleaseFiles, type UserManifest } from '@platform/schemas';
import { CustomerModules } from '../customers/customerModules.ts';
import { ManifestReleases } from '../releases/manifestReleases.ts';
import { BundleStore } from '../store/bundleStore.ts';
import { CustomerStore } from '../store/customerStore.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openPostgres } from '../store/postgresDatabase.ts';
import { ReleaseStore } from '../store/releaseStore.ts';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const staff = staffToken();
const engineer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
const pools: Database[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

/** One replica: its own pool, releases and customers on the shared database, and an app serving them. */
async function replica(webRoot: string): Promise<FastifyInstance> {
  const db = await openPostgres(database.url);
  pools.push(db);
  await migrate(db);
  const releases = await ManifestReleases.open({ store: new ReleaseStore(db), bundles: new BundleStore(db), source: 'store', folder: apps.folder });
  const customerModules = apps.track(await CustomerModules.open(new CustomerStore(db), releases));
  await customerModules.createCustomer({ id: 'acme', name: 'Acme Industrial' }, { sub: 'system', email: 'test-setup' });
  const close = customerModules.close.bind(customerModules);
  customerModules.close = async () => {
    await releases.close();
    await close();
  };
  return apps.app({ releases, customerModules, webRoot });
}

beforeAll(async () => {
  apps = await startTestApps();
  database = await freshPostgresDatabase(inject('postgresUrl'));
  const webRoot = tempFolder('bundle-replicas-web-');
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  a = await replica(webRoot);
  b = await replica(webRoot);
}, 60_000);
afterAll(async () => {
  await apps.close();
  for (const db of pools) await db.close();
  await database?.drop();
});

const staffAsk = (
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object | Buffer,
  headers: Record<string, string> = {},
) => app.inject({ method, url, headers: bearer(staff, { ...headers }), ...(payload ? { payload } : {}) });

describe('module bundles on two replicas', () => {
  it('serves a bundle uploaded through one replica from the other, byte for byte', async () => {
    const upload = await staffAsk(a, 'PUT', '/api/v1/admin/modules/lcc/bundles/1.4.2', gzippedTar(bundleEntries('replicated')), {
      'content-type': 'application/gzip',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const [fromA, fromB] = [await a.inject({ url: '/modules/lcc/1.4.2/index.js' }), await b.inject({ url: '/modules/lcc/1.4.2/index.js' })];
    expect(fromB.statusCode).toBe(200);
    expect(fromB.body).toBe(fromA.body);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    // The other replica also knows the version is taken.
    const again = await staffAsk(b, 'PUT', '/api/v1/admin/modules/lcc/bundles/1.4.2', gzippedTar(bundleEntries('other')), {
      'content-type': 'application/gzip',
    });
    expect(again.statusCode).toBe(409);
  });

  it("gives the other replica's users the bundle, and its page the bundle's digests, once a release naming it is active", async () => {
    const active = (await staffAsk(a, 'GET', '/api/v1/admin/releases')).json().active as string;
    const files = (await staffAsk(a, 'GET', `/api/v1/admin/releases/${active}`)).json().files as ReleaseFiles;
    const published = await staffAsk(a, 'POST', '/api/v1/admin/releases', {
      files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version: '1.4.2' } } },
      reason: 'lcc 1.4.2',
    });
    expect(published.statusCode, published.body).toBe(201);
    const release = (published.json() as Release).id;
    expect((await staffAsk(a, 'PUT', '/api/v1/admin/releases/active', { release, reason: 'go' }, { 'if-match': releaseEntityTag(active) })).statusCode).toBe(
      200,
    );

    const lccOnB = async () =>
      ((await b.inject({ url: '/api/v1/manifest', headers: bearer(engineer) })).json() as UserManifest).modules.find((m) => m.key === 'lcc')?.bundle?.version;
    await expect.poll(lccOnB, { timeout: 5_000 }).toBe('1.4.2');
    expect((await b.inject({ url: '/life-cost' })).body).toContain('"/modules/lcc/1.4.2/index.js":"sha384-');
  });

  it('withdraws a version through one replica, and the other stops serving the files it keeps in memory', async () => {
    const upload = await staffAsk(a, 'PUT', '/api/v1/admin/modules/lcc/bundles/1.5.0', gzippedTar(bundleEntries('to withdraw')), {
      'content-type': 'application/gzip',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    // Served by b once, so b keeps it in memory; then withdrawn through a.
    expect((await b.inject({ url: '/modules/lcc/1.5.0/index.js', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(200);
    expect((await b.inject({ url: '/modules/lcc/1.5.0/index.js' })).statusCode).toBe(200);
    expect((await staffAsk(a, 'DELETE', '/api/v1/admin/modules/lcc/bundles/1.5.0', { reason: 'leaks a token' })).statusCode).toBe(200);
    await expect.poll(async () => (await b.inject({ url: '/modules/lcc/1.5.0/index.js' })).statusCode, { timeout: 5_000 }).toBe(404);
    expect((await b.inject({ url: '/modules/lcc/1.5.0/index.js', headers: { 'accept-encoding': 'br' } })).statusCode).toBe(404);
    const listed = (await staffAsk(b, 'GET', '/api/v1/admin/modules/lcc/bundles')).json().bundles.find((x: { version: string }) => x.version === '1.5.0');
    expect(listed.withdrawn).toMatchObject({ reason: 'leaks a token' });
    // And b refuses it as a name in service: the active release cannot come to name it.
    const again = await staffAsk(b, 'PUT', '/api/v1/admin/modules/lcc/bundles/1.5.0', gzippedTar(bundleEntries('to withdraw')), {
      'content-type': 'application/gzip',
    });
    expect(again.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_WITHDRAWN' });
  });

  it('refuses to withdraw, through either replica, the version the active release names', async () => {
    const res = await staffAsk(b, 'DELETE', '/api/v1/admin/modules/lcc/bundles/1.4.2', { reason: 'in use' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_IN_SERVICE' });
    expect((await a.inject({ url: '/modules/lcc/1.4.2/index.js' })).statusCode).toBe(200);
  });
});
