import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerList, ModuleAuditPage, Problem, UnaddedCustomerList } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import type { ClaimedCustomerIds } from '../../customers/claimedCustomerIds.ts';
import { CustomerModules } from '../../customers/customerModules.ts';
import { ManifestFolder } from '../../manifests/manifestFolder.ts';
import { CustomerStore } from '../../store/customerStore.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import { claims, releasesOn, ROUTE_MANIFESTS, sign, startTestApps, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { tempFolders } from '../../testing/tempFolders.ts';

const tempFolder = tempFolders();

// The platform as `SEED_DEMO_DATA=false` starts it: a store holding no customer. One module (cs) is
// off for new customers, so the switches a new customer starts with are seen to come from the manifests.
let apps: TestApps;
let app: FastifyInstance;
let modules: CustomerModules;
const claimed: { counts: Map<string, number> } = { counts: new Map() };
const claimedCustomerIds: ClaimedCustomerIds = { read: async () => ({ counts: claimed.counts, usersRead: 7, complete: true }) };

beforeAll(async () => {
  apps = await startTestApps();
  const dir = tempFolder('customer-admin-');
  cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
  const cs = JSON.parse(readFileSync(join(dir, 'cs.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'cs.json'), JSON.stringify({ ...cs, exposure: { enabledForNewCustomers: false } }));
  const manifests = new ManifestFolder(dir);
  const db = await openMigratedPglite();
  modules = apps.track(await CustomerModules.open(new CustomerStore(db), manifests));
  const close = modules.close.bind(modules);
  modules.close = async () => {
    await close();
    await db.close();
  };
  app = await apps.app({ releases: await releasesOn(modules, manifests), customerModules: modules, claimedCustomerIds });
});
afterAll(() => apps.close());

const staff = staffToken();
const list = async (query = '', token = staff) => {
  const res = await app.inject({ url: `/api/v1/customers${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CustomerList;
};
const add = (body: object, token = staff) => app.inject({ method: 'POST', url: '/api/v1/customers', headers: bearer(token), payload: body });
const rename = (id: string, body: object, ifMatch?: string, token = staff) =>
  app.inject({ method: 'PATCH', url: `/api/v1/customers/${id}`, headers: { ...bearer(token), ...(ifMatch ? { 'if-match': ifMatch } : {}) }, payload: body });
const audit = async (id: string) => ((await app.inject({ url: `/api/v1/customers/${id}/audit`, headers: bearer(staff) })).json() as ModuleAuditPage).entries;
const userOf = (customerId: string) =>
  sign(claims({ sub: `${customerId}-user`, 'custom:auth': JSON.stringify({ role: 'customer', customerId, modules: ['mr', 'cs', 'hs'] }) }));
const manifestModules = async (token: string) =>
  ((await app.inject({ url: '/api/v1/manifest', headers: bearer(token) })).json() as { modules: { key: string }[] }).modules.map((m) => m.key);

describe('customers added by operators, from an empty store', () => {
  it('starts with no customer, and adds one with its switches from each module’s enabledForNewCustomers', async () => {
    expect(await list()).toEqual({ customers: [], nextCursor: null });
    const res = await add({ id: 'initech', name: ' Initech ', reason: 'contract signed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe('/api/v1/customers/initech');
    expect(res.headers.etag).toBe('"1"');
    const customer = res.json() as Customer;
    expect(customer).toMatchObject({ id: 'initech', name: 'Initech', version: 1 });
    expect(customer.modules.find((m) => m.key === 'cs')).toEqual({ key: 'cs', enabled: false, version: 1 });
    expect(customer.modules.find((m) => m.key === 'mr')).toEqual({ key: 'mr', enabled: true, version: 1 });
    expect((await list()).customers).toEqual([{ id: 'initech', name: 'Initech', modulesOn: 14, modulesTotal: 15 }]);
    const [created] = await audit('initech');
    expect(created).toMatchObject({
      action: 'created',
      moduleKey: null,
      name: { before: null, after: 'Initech' },
      reason: 'contract signed',
      actor: { sub: 'user-1', email: 'erin@acme.example' },
    });
  });

  it('serves the new customer’s users its switches: one switched off leaves their navigation', async () => {
    const user = userOf('initech');
    expect(await manifestModules(user)).toEqual(['mr', 'hs']);
    const mr = await app.inject({ url: '/api/v1/customers/initech/modules/mr', headers: bearer(staff) });
    const off = await app.inject({
      method: 'PUT',
      url: '/api/v1/customers/initech/modules/mr',
      headers: { ...bearer(staff), 'if-match': mr.headers.etag as string },
      payload: { enabled: false, reason: 'not licensed' },
    });
    expect(off.statusCode).toBe(200);
    expect(await manifestModules(user)).toEqual(['hs']);
    expect((await list('?query=initech')).customers[0]).toMatchObject({ modulesOn: 13 });
  });

  it('answers an id that is taken 409 problem+json with the customer there, and changes nothing', async () => {
    const res = await add({ id: 'initech', name: 'Someone else', reason: 'oops' });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const problem = res.json() as Problem & { current: { name: string } };
    expect(problem.code).toBe('CFG_ERR_CONFLICT');
    expect(problem.current).toMatchObject({ id: 'initech', name: 'Initech' });
    expect((await list()).customers.map((c) => c.name)).toEqual(['Initech']);
  });

  it.each([
    ['an upper-case id', { id: 'Hooli', name: 'Hooli', reason: 'x' }],
    ['an id starting with a dash', { id: '-hooli', name: 'Hooli', reason: 'x' }],
    ['a blank name', { id: 'hooli', name: '  ', reason: 'x' }],
    ['no reason', { id: 'hooli', name: 'Hooli' }],
    ['a blank reason', { id: 'hooli', name: 'Hooli', reason: ' ' }],
    ['another field', { id: 'hooli', name: 'Hooli', reason: 'x', modules: ['mr'] }],
  ])('refuses %s with 400 and adds nothing', async (_case, body) => {
    expect((await add(body)).statusCode).toBe(400);
    expect((await list('?query=hooli')).customers).toEqual([]);
  });

  it('renames at the version read, audits before and after, and refuses a stale or missing If-Match', async () => {
    expect((await rename('initech', { name: 'Initech Rail', reason: 'rebranded' })).statusCode).toBe(428);
    const res = await rename('initech', { name: 'Initech Rail', reason: 'rebranded' }, '"1"');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ id: 'initech', name: 'Initech Rail', version: 2 });
    const stale = await rename('initech', { name: 'Initech Old', reason: 'unaware' }, '"1"');
    expect(stale.statusCode).toBe(409);
    expect((stale.json() as { current: object }).current).toEqual({ id: 'initech', name: 'Initech Rail', version: 2 });
    expect(stale.headers.etag).toBe('"2"');
    const read = await app.inject({ url: '/api/v1/customers/initech', headers: bearer(staff) });
    expect(read.json()).toMatchObject({ name: 'Initech Rail', version: 2 });
    expect(read.headers.etag).toBe('"2"');
    const [renamed] = await audit('initech');
    expect(renamed).toMatchObject({ action: 'renamed', name: { before: 'Initech', after: 'Initech Rail' }, version: 2, reason: 'rebranded' });
    expect((await rename('umbrella', { name: 'Umbrella', reason: 'x' }, '"1"')).json()).toMatchObject({ status: 404, code: 'CFG_ERR_CUSTOMER_NOT_FOUND' });
    expect((await app.inject({ url: '/api/v1/customers/umbrella', headers: bearer(staff) })).json()).toMatchObject({
      status: 404,
      code: 'CFG_ERR_CUSTOMER_NOT_FOUND',
    });
  });

  it('refuses everyone but staff 403 before reading the body, adding or renaming nothing', async () => {
    const user = userOf('initech');
    for (const res of [
      await add({ id: 'mine', name: 'Mine', reason: 'x' }, user),
      await add({ bogus: true }, user),
      await rename('initech', { name: 'Mine', reason: 'x' }, '"2"', user),
      await app.inject({ url: '/api/v1/customers/initech', headers: bearer(user) }),
      await app.inject({ url: '/api/v1/unadded-customers', headers: bearer(user) }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect((res.json() as Problem).code).toBe('CFG_ERR_FORBIDDEN');
    }
    expect((await list()).customers.map((c) => c.name)).toEqual(['Initech Rail']);
  });

  it("lists the customer ids users' claims name that are not customers yet, most users first, until they are added", async () => {
    claimed.counts = new Map([
      ['initech', 4],
      ['hooli', 2],
      ['umbrella', 3],
    ]);
    const unadded = async () => (await app.inject({ url: '/api/v1/unadded-customers', headers: bearer(staff) })).json() as UnaddedCustomerList;
    expect(await unadded()).toEqual({
      customers: [
        { id: 'umbrella', users: 3 },
        { id: 'hooli', users: 2 },
      ],
      usersRead: 7,
      complete: true,
    });
    expect((await add({ id: 'umbrella', name: 'umbrella', reason: 'its users are signing in' })).statusCode).toBe(201);
    expect((await unadded()).customers).toEqual([{ id: 'hooli', users: 2 }]);
  });
});

describe('5,000 customers', () => {
  const TOTAL = 5_000;
  let before: number;
  beforeAll(async () => {
    before = (await modules.store.listCustomers()).length;
    // As many as a large provider has; inserted in one statement, as an import would, not one request each.
    await modules.store.db.query(
      `insert into customers (id, name) select 'c' || lpad(i::text, 4, '0'), 'Customer ' || lpad(i::text, 4, '0') from generate_series(1, ${TOTAL}) i`,
    );
  });

  it('pages through all of them in limit-sized pages, each customer once, in name order', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const page: CustomerList = await list(`?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      if (page.nextCursor !== null) expect(page.customers).toHaveLength(200);
      seen.push(...page.customers.map((c) => c.name));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((TOTAL + before) / 200));
    expect(seen).toHaveLength(TOTAL + before);
    expect(new Set(seen).size).toBe(TOTAL + before);
    expect(seen.slice(0, 3)).toEqual(['Customer 0001', 'Customer 0002', 'Customer 0003']);
  });

  it('answers 50 by default and finds by a part of the id or the name, in any case', async () => {
    const first = await list();
    expect(first.customers).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    expect((await list('?query=c4321')).customers).toEqual([{ id: 'c4321', name: 'Customer 4321', modulesOn: 14, modulesTotal: 15 }]);
    expect((await list('?query=TOMER%20012')).customers.map((c) => c.id)).toEqual(Array.from({ length: 10 }, (_, i) => `c012${i}`));
    // A search's pages continue the search.
    const some = await list('?query=ustomer%2000&limit=60');
    expect(some.customers).toHaveLength(60);
    const rest = await list(`?query=ustomer%2000&limit=60&cursor=${some.nextCursor}`);
    expect(rest.customers.map((c) => c.id)).toEqual(Array.from({ length: 39 }, (_, i) => `c00${String(i + 61).padStart(2, '0')}`));
    expect(rest.nextCursor).toBeNull();
    // Typed as it is: % and _ are not wildcards.
    expect((await list('?query=%25')).customers).toEqual([]);
  });

  it('answers the customers a page of users names, in one request: those it holds, unknown ids left out', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `c${String(4801 + i).padStart(4, '0')}`);
    const named = await list(`?ids=${[...ids.slice(0, 199), 'nobody-here'].join(',')}&limit=200`);
    expect(named.customers.map((c) => c.id)).toEqual(ids.slice(0, 199));
    expect(named.customers[0]).toEqual({ id: 'c4801', name: 'Customer 4801', modulesOn: 14, modulesTotal: 15 });
    expect(named.nextCursor).toBeNull();
    expect((await list('?ids=c0007,c0003')).customers.map((c) => c.name)).toEqual(['Customer 0003', 'Customer 0007']);
    expect(await list('?ids=nobody-here')).toEqual({ customers: [], nextCursor: null });
    // The other filters still apply: a search within the ids.
    expect((await list('?ids=c0007,c0003&query=0007')).customers.map((c) => c.id)).toEqual(['c0007']);
  });

  it('refuses more ids than a page holds, or ids that are not customer ids, 400 problem+json', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `c${String(i + 1).padStart(4, '0')}`).join(',');
    for (const ids of [many, 'c0001,,c0002', 'C0001', 'c0001;drop', '']) {
      const res = await app.inject({ url: `/api/v1/customers?ids=${encodeURIComponent(ids)}`, headers: bearer(staff) });
      expect(res.statusCode, ids.slice(0, 20)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((res.json() as Problem).detail).toMatch(/ids/);
    }
  });

  it("does not name another customer to a customer's user who asks by id", async () => {
    const res = await app.inject({ url: '/api/v1/customers?ids=c0001,c0002', headers: bearer(userOf('c0001')) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toMatch(/Customer 000/);
  });

  it('refuses a cursor it did not give out, and a limit over 200', async () => {
    for (const query of ['?cursor=not-ours', `?cursor=${Buffer.from('{"after":[1,2]}').toString('base64url')}`, '?limit=201', '?limit=0']) {
      const res = await app.inject({ url: `/api/v1/customers${query}`, headers: bearer(staff) });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
