import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CustomerModules } from '../customers/customerModules.ts';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import { SettingsError } from '../settings.ts';
import { CustomerStore } from '../store/customerStore.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openPostgres } from '../store/postgresDatabase.ts';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { claims, demoCustomerModules, reloadFolder, ROUTE_MANIFESTS, sign, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { metricsAccess, STATIC_ROUTE, UNMATCHED_ROUTE } from './metrics.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const TOKEN = 'scrape-token-0123456789abcdef';
const staff = staffToken();
const engineer = sign(claims());

let apps: TestApps;
let app: FastifyInstance;
let modules: CustomerModules;
/** Another app on this file's database: opening one (PGlite) takes seconds. */
const build = (options: Parameters<TestApps['app']>[0] = {}) => apps.app({ customerModules: modules, ...options });
beforeAll(async () => {
  apps = await startTestApps();
  // A database of this file's own: the tests below change switches.
  modules = apps.track(await demoCustomerModules(apps.folder));
  app = await build();
});
afterAll(() => apps.close());

const scrape = async (target = app, headers: Record<string, string> = {}) => {
  const res = await target.inject({ url: '/metrics', headers });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The value of the one sample of `name` with exactly these labels, from Prometheus text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key, value]) => [key, value]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics under npm start (environment local)', () => {
  it('answers Prometheus text with the process metrics, never cached', async () => {
    const res = await app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('times requests by route pattern and status, never by the raw address', async () => {
    await app.inject({ url: '/api/v1/customers/acme/modules/lcc', headers: bearer(staff) });
    await app.inject({ url: '/api/v1/customers/globex/modules/mr', headers: bearer(staff) });
    await app.inject({ url: '/api/v1/customers/acme/modules/lcc', headers: bearer(engineer) });
    for (let i = 0; i < 3; i++) await app.inject({ url: `/no/such/address-${i}` });
    const text = await scrape();
    const route = '/api/v1/customers/:customerId/modules/:moduleKey';
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '200' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: '403' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { method: 'GET', route, status_code: '200', le: '+Inf' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: UNMATCHED_ROUTE, status_code: '404' })).toBe(3);
    expect(text).not.toMatch(/acme|globex|address-/);
  });

  it("times every file of the web app under one route label, so a new build's file names add no series", async () => {
    const webRoot = tempFolder('metrics-web-');
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>AssetTwin</title>');
    for (const build of ['a1b2c3d4', 'e5f6a7b8']) writeFileSync(join(webRoot, `index-${build}.js`), 'export {};');
    const served = await build({ webRoot });
    for (const file of ['index-a1b2c3d4.js', 'index-e5f6a7b8.js', 'index-e5f6a7b8.js']) expect((await served.inject({ url: `/${file}` })).statusCode).toBe(200);
    await served.inject({ url: '/index-00000000.js' });
    const text = await scrape(served);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: STATIC_ROUTE, status_code: '200' })).toBe(3);
    expect(text).not.toMatch(/index-[0-9a-f]{8}/);
  });

  it('counts manifest answers, the 304s among them, and builds: a repeated request is not built again', async () => {
    const before = await scrape();
    const first = await app.inject({ url: '/api/v1/manifest', headers: bearer(engineer) });
    const again = await app.inject({ url: '/api/v1/manifest', headers: { ...bearer(engineer), 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    const after = await scrape();
    expect(sample(after, 'config_manifests_served_total')! - sample(before, 'config_manifests_served_total')!).toBe(2);
    expect(sample(after, 'config_manifest_builds_total')! - sample(before, 'config_manifest_builds_total')!).toBe(1);
    expect(sample(after, 'config_manifest_not_modified_total')! - sample(before, 'config_manifest_not_modified_total')!).toBe(1);
  });

  it('counts module switch writes and conflicts', async () => {
    const url = '/api/v1/customers/acme/modules/hs';
    const write = (version: number, enabled: boolean) =>
      app.inject({ method: 'PUT', url, headers: { ...bearer(staff), 'if-match': `"${version}"` }, payload: { enabled, reason: 'metrics test' } });
    const version = (await app.inject({ url, headers: bearer(staff) })).json().version as number;
    const before = await scrape();
    expect((await write(version, false)).statusCode).toBe(200);
    expect((await write(version, true)).statusCode).toBe(409);
    const after = await scrape();
    expect(sample(after, 'config_module_switch_writes_total')! - sample(before, 'config_module_switch_writes_total')!).toBe(1);
    expect(sample(after, 'config_module_switch_conflicts_total')! - sample(before, 'config_module_switch_conflicts_total')!).toBe(1);
  });

  it('shows the manifest set in service as a version label, and PGlite as one connection', async () => {
    const text = await scrape();
    expect(sample(text, 'config_manifest_set_version', { version: apps.folder.current().release })).toBe(1);
    expect(text.match(/^config_manifest_set_version\{/gm)).toHaveLength(1);
    expect(sample(text, 'config_database_connections', { state: 'total' })).toBe(1);
  });

  it('keeps the metrics of each app apart', async () => {
    const other = await build();
    await other.inject({ url: '/healthz' });
    await other.inject({ url: '/healthz' });
    await app.inject({ url: '/healthz' });
    expect(sample(await scrape(other), 'http_request_duration_seconds_count', { method: 'GET', route: '/healthz', status_code: '200' })).toBe(2);
  });
});

describe('open event streams', () => {
  let base: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  /** Opens the stream as the browser does; resolves once the headers are in. */
  const openStream = (token: string) =>
    new Promise<ClientRequest>((resolve, reject) => {
      const req = httpRequest(`${base}/api/v1/events`, { headers: bearer(token) }, (response) => {
        response.resume();
        resolve(req);
      });
      req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
      req.end();
    });
  const open = async () => sample(await scrape(), 'config_event_streams_open');

  it('go up as streams open and down as they close', async () => {
    expect(await open()).toBe(0);
    const first = await openStream(engineer);
    const second = await openStream(staff);
    await expect.poll(open).toBe(2);
    first.destroy();
    await expect.poll(open).toBe(1);
    second.destroy();
    await expect.poll(open).toBe(0);
  });
});

describe('manifest reloads', () => {
  it('count rejected edits, flag the rejection while it lasts, and follow the version in service', async () => {
    const dir = tempFolder('metrics-manifests-');
    cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
    const folder = new ManifestFolder(dir);
    const { releases } = await apps.served(folder, 'files');
    const own = await build({ releases });
    const good = readFileSync(join(dir, 'lb.json'), 'utf8');
    let text = await scrape(own);
    expect(sample(text, 'config_manifest_reload_failures_total')).toBe(0);
    expect(sample(text, 'config_manifest_edit_rejected')).toBe(0);

    writeFileSync(join(dir, 'lb.json'), '{ "key": "lb", ');
    expect((await reloadFolder(folder, releases)).kind).toBe('rejected');
    text = await scrape(own);
    expect(sample(text, 'config_manifest_reload_failures_total')).toBe(1);
    expect(sample(text, 'config_manifest_edit_rejected')).toBe(1);

    const served = releases.current().release;
    writeFileSync(join(dir, 'lb.json'), good.replace('"Leaderboard"', '"Leaders"'));
    expect((await reloadFolder(folder, releases)).kind).toBe('loaded');
    text = await scrape(own);
    expect(releases.current().release).not.toBe(served);
    expect(sample(text, 'config_manifest_set_version', { version: releases.current().release })).toBe(1);
    expect(sample(text, 'config_manifest_set_version', { version: served })).toBeUndefined();
    expect(sample(text, 'config_manifest_edit_rejected')).toBe(0);
    expect(sample(text, 'config_manifest_reload_failures_total')).toBe(1);
  });
});

describe('a PostgreSQL pool', () => {
  let fresh: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let database: Database;
  let pooled: CustomerModules;
  beforeAll(async () => {
    fresh = await freshPostgresDatabase(inject('postgresUrl'));
    database = await openPostgres(fresh.url, { max: 3 });
    await migrate(database);
    pooled = await CustomerModules.open(new CustomerStore(database), apps.folder);
  });
  afterAll(async () => {
    await pooled?.close();
    await database?.close();
    await fresh?.drop();
  });

  it('is shown as its connections open, idle and waiting', async () => {
    const text = await scrape(await build({ customerModules: pooled }));
    const [total, idle, waiting] = ['total', 'idle', 'waiting'].map((state) => sample(text, 'config_database_connections', { state }));
    expect(total).toBeGreaterThanOrEqual(1);
    expect(total).toBeLessThanOrEqual(3);
    expect(idle).toBeLessThanOrEqual(total!);
    expect(waiting).toBe(0);
  });
});

describe('GET /metrics in production', () => {
  const expectNotFound = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_NOT_FOUND', detail: 'no route GET /metrics' });
    // Nothing hints that a token would open it.
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.body).not.toMatch(/process_|http_request/);
  };

  it('is closed without a token: 404, as an address with nothing behind it', async () => {
    const production = await build({ environment: 'production' });
    expectNotFound(await production.inject({ url: '/metrics' }));
    expectNotFound(await production.inject({ url: '/metrics', headers: bearer(TOKEN) }));
  });

  it('answers only the right bearer token once METRICS_TOKEN is set', async () => {
    const production = await build({ environment: 'production', metricsToken: TOKEN });
    expect(sample(await scrape(production, bearer(TOKEN)), 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect((await production.inject({ url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } })).statusCode).toBe(200);
    for (const headers of [
      {},
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(''),
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      bearer(staff),
    ]) {
      expectNotFound(await production.inject({ url: '/metrics', headers }));
    }
  });

  it('asks for the token in local too once one is set', async () => {
    const local = await build({ environment: 'local', metricsToken: TOKEN });
    expectNotFound(await local.inject({ url: '/metrics' }));
    expect((await local.inject({ url: '/metrics', headers: bearer(TOKEN) })).statusCode).toBe(200);
  });

  it('keeps the health probes open without a token', async () => {
    const production = await build({ environment: 'production' });
    expect((await production.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await production.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('metricsAccess', () => {
  it('opens local, closes everything else (demo too: a demo deployment is reachable), and asks for a token once one is set', () => {
    expect(metricsAccess('local', undefined)).toEqual({ kind: 'open' });
    expect(metricsAccess('demo', undefined)).toEqual({ kind: 'closed' });
    expect(metricsAccess('production', undefined)).toEqual({ kind: 'closed' });
    expect(metricsAccess('staging', undefined)).toEqual({ kind: 'closed' });
    expect(metricsAccess('production', TOKEN)).toEqual({ kind: 'token', token: TOKEN });
    expect(metricsAccess('local', TOKEN)).toEqual({ kind: 'token', token: TOKEN });
  });

  it('refuses a token short enough to guess', () => {
    expect(() => metricsAccess('production', 'short')).toThrow(SettingsError);
    expect(() => metricsAccess('production', 'short')).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});
