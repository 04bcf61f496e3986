import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerList, CustomerModule, ModuleAuditPage, Problem } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { claims, demoCustomerModules, sign, startTestApps, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  // A database of this file's own: the tests below change switches.
  app = await apps.app({ customerModules: apps.track(await demoCustomerModules(apps.folder)) });
});
afterAll(() => apps.close());

const staff = staffToken();
const engineer = sign(claims());
const switchUrl = (customer: string, key: string) => `/api/v1/customers/${customer}/modules/${key}`;
const read = (customer: string, key: string, token = staff) => app.inject({ url: switchUrl(customer, key), headers: bearer(token) });
const write = (customer: string, key: string, body: object, ifMatch?: string, token = staff) =>
  app.inject({
    method: 'PUT',
    url: switchUrl(customer, key),
    headers: { ...bearer(token), ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload: body,
  });
const manifestModules = async (token: string, headers: Record<string, string> = {}) =>
  ((await app.inject({ url: '/api/v1/manifest', headers: { ...bearer(token), ...headers } })).json() as { modules: { key: string }[] }).modules.map(
    (m) => m.key,
  );

describe('customer module switches API', () => {
  it('answers 403 problem+json to everyone but staff, on every route', async () => {
    for (const res of [
      await app.inject({ url: '/api/v1/customers', headers: bearer(engineer) }),
      await read('acme', 'mr', engineer),
      await write('acme', 'mr', { enabled: false, reason: 'mine now' }, '"1"', engineer),
      await app.inject({ url: '/api/v1/customers/acme/audit', headers: bearer(engineer) }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('answers 403 to a non-staff write whatever its body or headers', async () => {
    for (const payload of [{ enabled: 'maybe' }, {}]) {
      const res = await write('acme', 'mr', payload, undefined, engineer);
      expect(res.statusCode).toBe(403);
    }
    expect((await read('acme', 'mr')).json().version).toBe(1);
  });

  it('lists customers with their switch counts, and reads one with every registered module switch', async () => {
    const res = await app.inject({ url: '/api/v1/customers', headers: bearer(staff) });
    const body = res.json() as CustomerList;
    expect(body.customers.map((c) => c.id)).toEqual(['acme', 'globex']);
    expect(body.customers[0]).toMatchObject({ modulesTotal: 15 });
    const acme = (await app.inject({ url: '/api/v1/customers/acme', headers: bearer(staff) })).json() as Customer;
    expect(acme.modules).toHaveLength(15);
    expect(acme.modules[0]).toEqual({ key: 'mb', enabled: true, version: 1 });
  });

  it('reads one switch with its version as ETag, and writes it with If-Match', async () => {
    const res = await read('acme', 'lcc');
    expect(res.json()).toEqual({ key: 'lcc', enabled: true, version: 1 });
    expect(res.headers.etag).toBe('"1"');
    const put = await write('acme', 'lcc', { enabled: false, reason: 'contract ended' }, res.headers.etag as string);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ key: 'lcc', enabled: false, version: 2 });
    expect(put.headers.etag).toBe('"2"');
    expect((await read('acme', 'lcc')).json()).toEqual({ key: 'lcc', enabled: false, version: 2 });
  });

  it('takes a switched-off module out of the manifest of the customer’s users and of staff acting for it, at once', async () => {
    const etag = (await read('acme', 'hs')).headers.etag as string;
    expect(await manifestModules(engineer)).toContain('hs');
    await write('acme', 'hs', { enabled: false, reason: 'maintenance window' }, etag);
    expect(await manifestModules(engineer)).not.toContain('hs');
    expect(await manifestModules(staff, { 'x-customer-id': 'acme' })).not.toContain('hs');
    expect(await manifestModules(staff, { 'x-customer-id': 'globex' })).toContain('hs');
    await write('acme', 'hs', { enabled: true, reason: 'window over' }, '"2"');
    expect(await manifestModules(engineer)).toContain('hs');
  });

  it('answers a stale If-Match 409 with the current state, and changes nothing', async () => {
    const etag = (await read('globex', 'mr')).headers.etag as string;
    expect((await write('globex', 'mr', { enabled: false, reason: 'first' }, etag)).statusCode).toBe(200);
    const stale = await write('globex', 'mr', { enabled: true, reason: 'second, unaware' }, etag);
    expect(stale.statusCode).toBe(409);
    const problem = stale.json() as Problem & { current: CustomerModule };
    expect(problem.code).toBe('CFG_ERR_CONFLICT');
    expect(problem.current).toEqual({ key: 'mr', enabled: false, version: 2 });
    expect(stale.headers.etag).toBe('"2"');
    expect((await read('globex', 'mr')).json().enabled).toBe(false);
  });

  it('accepts exactly one of 100 concurrent writes made at the same version, and audits only that one', async () => {
    const etag = (await read('globex', 'cd')).headers.etag as string;
    const auditsBefore = ((await app.inject({ url: '/api/v1/customers/globex/audit?module=cd', headers: bearer(staff) })).json() as ModuleAuditPage).entries
      .length;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => write('globex', 'cd', { enabled: i % 2 === 0, reason: `writer ${i}` }, etag)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as CustomerModule;
    expect((await read('globex', 'cd')).json()).toEqual(winner);
    const audits = ((await app.inject({ url: '/api/v1/customers/globex/audit?module=cd', headers: bearer(staff) })).json() as ModuleAuditPage).entries;
    expect(audits).toHaveLength(auditsBefore + 1);
  });

  it.each([
    ['no If-Match', undefined],
    ['If-Match: *', '*'],
    ['a weak tag', 'W/"1"'],
  ])('answers a write with %s 428', async (_case, ifMatch) => {
    const res = await write('globex', 'lb', { enabled: false, reason: 'blind' }, ifMatch);
    expect(res.statusCode).toBe(428);
    expect((res.json() as Problem).code).toBe('CFG_ERR_PRECONDITION_REQUIRED');
  });

  it('answers 404 for an unknown customer or module and 400 for a body without a reason', async () => {
    expect((await read('initech', 'mr')).json()).toMatchObject({ status: 404, code: 'CFG_ERR_CUSTOMER_NOT_FOUND' });
    expect((await read('acme', 'zz')).json()).toMatchObject({ status: 404, code: 'CFG_ERR_MODULE_NOT_FOUND' });
    expect((await write('acme', 'mr', { enabled: false, reason: '   ' }, '"1"')).statusCode).toBe(400);
    expect((await write('acme', 'mr', { enabled: 'no', reason: 'x' }, '"1"')).statusCode).toBe(400);
  });
});

describe('customer audit API', () => {
  it('pages the audit log newest first with an opaque cursor and filters it', async () => {
    let etag = (await read('acme', 'mr')).headers.etag as string;
    for (const [enabled, reason] of [
      [false, 'one'],
      [true, 'two'],
      [false, 'three'],
    ] as const) {
      etag = (await write('acme', 'mr', { enabled, reason }, etag)).headers.etag as string;
    }
    const page = async (query: string) => {
      const res = await app.inject({ url: `/api/v1/customers/acme/audit?${query}`, headers: bearer(staff) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ModuleAuditPage;
    };
    const first = await page('module=mr&limit=2');
    expect(first.entries.map((e) => e.reason)).toEqual(['three', 'two']);
    expect(first.entries[0]).toMatchObject({ actor: { sub: 'user-1', email: 'erin@acme.example' }, moduleKey: 'mr', before: true, after: false });
    const second = await page(`module=mr&limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.reason)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
    expect((await page(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).entries).toEqual([]);
    const bad = await app.inject({ url: '/api/v1/customers/acme/audit?cursor=not-ours', headers: bearer(staff) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('CFG_ERR_CURSOR_INVALID');
    for (const since of ['yesterday', '1', '2026-01-01', '2026-01-01T00:00:00']) {
      // Only full timestamps with a zone: anything else would be read in the server's time zone, or not at all.
      expect((await app.inject({ url: `/api/v1/customers/acme/audit?since=${since}`, headers: bearer(staff) })).statusCode).toBe(400);
    }
    expect((await page('since=2026-01-01T00:00:00%2B02:00')).entries.length).toBeGreaterThan(0);
    expect((await app.inject({ url: '/api/v1/customers/acme/audit?limit=0', headers: bearer(staff) })).statusCode).toBe(400);
  });
});
