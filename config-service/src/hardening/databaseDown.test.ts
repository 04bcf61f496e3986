// @module-tag hardening/faults
// The database goes away (a TCP proxy in front of a real PostgreSQL is taken down).
// Users keep getting their manifests from the last good state; operators' reads and writes answer 503
// problem+json and change nothing; when the database is back, everything works again.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CustomerModule, ModuleAuditPage, UserManifest } from '@platform/schemas';
import { CustomerModules } from '../customers/customerModules.ts';
import { CustomerStore } from '../store/customerStore.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openPostgres } from '../store/postgresDatabase.ts';
import { freshDatabaseBehindProxy, type SwitchableProxy } from '../testing/switchableProxy.ts';
import { startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

const staff = staffToken();
const engineer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let app: FastifyInstance;
let proxy: SwitchableProxy;
let fresh: Awaited<ReturnType<typeof freshDatabaseBehindProxy>>;
let database: Database;
let direct: Database;
let served: CustomerModules;

beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(async () => {
  await apps?.close();
});

// Each test starts from a database of its own, up, in which acme has 'mr' switched off (so the last good
// state is not the defaults), and a service that reaches it through the proxy only.
beforeEach(async () => {
  fresh = await freshDatabaseBehindProxy(inject('postgresUrl'));
  proxy = fresh.proxy;
  // Set-up writes, and other replicas' writes, go straight to the server.
  direct = await openPostgres(fresh.directUrl, { max: 2 });
  await migrate(direct);
  const setup = await CustomerModules.open(new CustomerStore(direct), apps.folder);
  for (const customer of [
    { id: 'acme', name: 'Acme Industrial' },
    { id: 'globex', name: 'Globex Energy' },
  ])
    await setup.createCustomer(customer, { sub: 'system', email: 'test-setup' });
  const mr = (await setup.modulesOf('acme')).find((m) => m.key === 'mr')!;
  expect(
    (
      await setup.setModule({
        customerId: 'acme',
        moduleKey: 'mr',
        enabled: false,
        reason: 'set-up',
        expectedVersion: mr.version,
        actor: { sub: 'op', email: 'op@test' },
      })
    ).outcome,
  ).toBe('written');
  await setup.close();
  // The service reads every customer's switches at start.
  database = await openPostgres(fresh.url, { onError: () => undefined });
  served = await CustomerModules.open(new CustomerStore(database), apps.folder);
  app = await apps.app({ customerModules: served });
});
afterEach(async () => {
  await app.close();
  await served.close();
  await database.close();
  await direct.close();
  await fresh.close();
});

const manifest = async (token: string, customer?: string) => {
  const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(token, customer ? { 'x-customer-id': customer } : {}) });
  return { status: res.statusCode, keys: res.statusCode === 200 ? (res.json() as UserManifest).modules.map((m) => m.key) : [] };
};
const readSwitch = () => app.inject({ url: '/api/v1/customers/acme/modules/lcc', headers: bearer(staff) });
const versionOfSwitch = async () => {
  const res = await readSwitch();
  expect(res.statusCode).toBe(200);
  return (res.json() as CustomerModule).version;
};
const writeSwitch = (version: number, enabled: boolean) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/customers/acme/modules/lcc',
    headers: bearer(staff, { 'if-match': `"${version}"` }),
    payload: { enabled, reason: 'fault test' },
  });
/** Another replica's write: straight to the server, so only the notification can tell this one. */
const otherReplicaSets = async (moduleKey: string, enabled: boolean) => {
  const other = await CustomerModules.open(new CustomerStore(direct), apps.folder);
  try {
    const current = (await other.modulesOf('acme')).find((m) => m.key === moduleKey)!;
    await other.setModule({
      customerId: 'acme',
      moduleKey,
      enabled,
      reason: 'other replica',
      expectedVersion: current.version,
      actor: { sub: 'op', email: 'op@test' },
    });
  } finally {
    await other.close();
  }
};

const expectUnavailable = (res: Awaited<ReturnType<typeof readSwitch>>) => {
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.json()).toMatchObject({ status: 503, code: 'CFG_ERR_UNAVAILABLE' });
  // A 5xx answer carries no internals: no host, port or driver message.
  expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect/i);
};

describe('the database goes down and comes back', () => {
  it('works normally while the database is up', async () => {
    expect(await manifest(engineer)).toEqual({ status: 200, keys: ['lcc', 'hs'] });
    expect((await readSwitch()).statusCode).toBe(200);
  });

  it("keeps serving every user's manifest from the last good state while it is down", async () => {
    await proxy.down();
    expect(await manifest(engineer)).toEqual({ status: 200, keys: ['lcc', 'hs'] });
    // Staff acting for a customer nobody had asked about since start-up: read at start, served now.
    expect(await manifest(staff, 'globex')).toEqual({ status: 200, keys: expect.arrayContaining(['mr', 'hs']) });
    expect(await manifest(staff, 'acme')).toEqual({ status: 200, keys: expect.not.arrayContaining(['mr']) });
    expect((await manifest(staff)).status).toBe(200);
  });

  it("answers operators' writes and reads with 503 problem+json and Retry-After, and writes nothing", async () => {
    const version = await versionOfSwitch();
    await proxy.down();
    expectUnavailable(await writeSwitch(version, false));
    expectUnavailable(await readSwitch());
    expectUnavailable(await app.inject({ url: '/api/v1/customers', headers: bearer(staff) }));
    expectUnavailable(await app.inject({ url: '/api/v1/customers/acme/audit', headers: bearer(staff) }));
  });

  it('accepts the same write once the database is back: the refused one left no trace', async () => {
    const version = await versionOfSwitch();
    await proxy.down();
    expectUnavailable(await writeSwitch(version, false));
    await proxy.up();
    // The pool reconnects on its next query: the write at the version read before the outage is still current.
    const res = await writeSwitch(version, false);
    expect(res.statusCode).toBe(200);
    expect((res.json() as CustomerModule).version).toBe(version + 1);
    const audit = (await app.inject({ url: '/api/v1/customers/acme/audit?module=lcc', headers: bearer(staff) })).json() as ModuleAuditPage;
    expect(audit.entries.map((e) => e.reason)).toEqual(['fault test']);
    expect(await manifest(engineer)).toEqual({ status: 200, keys: ['hs'] });
  });

  it("hears other replicas' writes again once its listener has reconnected", async () => {
    // The outage cuts the listener's connection too; it comes back on its own.
    await proxy.down();
    expect((await manifest(engineer)).status).toBe(200);
    await proxy.up();
    await otherReplicaSets('mr', true);
    await expect.poll(async () => (await manifest(engineer)).keys, { timeout: 15_000, interval: 200 }).toEqual(['mr', 'lcc', 'hs']);
  });

  it('serves the last switches read when a change was heard but the database went down before it could be read', async () => {
    // Another replica switches 'hs' off; this one hears of it (its cache entry is dropped), then loses the database.
    const heard = new Promise((resolve) => served.once('change', resolve));
    await otherReplicaSets('hs', false);
    await heard;
    await proxy.down();
    expect(await manifest(engineer)).toEqual({ status: 200, keys: ['lcc', 'hs'] });
    await proxy.up();
    // Back up: the pool reconnects at the next request, which reads the change.
    expect(await manifest(engineer)).toEqual({ status: 200, keys: ['lcc'] });
  });
});
