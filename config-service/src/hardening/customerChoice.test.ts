// @module-tag hardening/input
// Issue 26, finding 18: the customer staff name in X-Customer-Id (or in a preview's claims) is any
// text they like. A name the store does not hold must be refused or answered from defaults, never kept:
// otherwise every made-up name is one more customer's switches, manifests and compressed answers held.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CustomerModules } from '../customers/customerModules.ts';
import { demoCustomerModules, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

const staff = staffToken();
const MADE_UP = Array.from({ length: 50 }, (_, i) => `ghost-${i}`);

let apps: TestApps;
let app: FastifyInstance;
let modules: CustomerModules;

beforeAll(async () => {
  apps = await startTestApps();
  modules = apps.track(await demoCustomerModules(apps.folder));
  app = await apps.app({ customerModules: modules });
}, 60_000);
afterAll(() => apps.close());

const ask = (url: string, customer: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  signedRequest(app, staff, { method, url, headers: { 'x-customer-id': customer }, ...(payload ? { payload } : {}) });
/** The customers whose switches were read from the store since the spy was set. */
const readFor = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([id]) => id);

describe('a customer staff name that the store does not hold', () => {
  it('is refused 400 problem+json naming it, on the manifest and the event stream, and nothing is read or kept for it', async () => {
    const reads = vi.spyOn(modules.store, 'switchesOf');
    for (const name of MADE_UP) {
      for (const url of ['/api/v1/manifest', '/api/v1/events']) {
        const res = await ask(url, name);
        expect(res.statusCode, `${url} ${name}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.json()).toMatchObject({ code: 'CFG_ERR_CUSTOMER_HEADER_UNKNOWN', unknownCustomer: name });
      }
    }
    expect(readFor(reads).filter((id) => MADE_UP.includes(String(id)))).toEqual([]);
    expect(MADE_UP.filter((name) => modules.isKnown(name))).toEqual([]);
    // A customer the store holds is served as before.
    expect((await ask('/api/v1/manifest', 'globex')).statusCode).toBe(200);
    reads.mockRestore();
  });

  it("is previewed with every module's default, and nothing read or kept for it", async () => {
    const reads = vi.spyOn(modules.store, 'switchesOf');
    for (const name of MADE_UP.slice(0, 10)) {
      const res = await ask('/api/v1/admin/preview', '', 'POST', { claims: { role: 'customer', customerId: name, modules: ['hs', 'lcc'] } });
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { view: { manifest: { modules: { key: string }[] } } }).view.manifest.modules.map((m) => m.key)).toEqual(['lcc', 'hs']);
    }
    expect(readFor(reads).filter((id) => MADE_UP.includes(String(id)))).toEqual([]);
    reads.mockRestore();
  });

  it('is served once the store holds it, added there while the service runs', async () => {
    expect((await ask('/api/v1/manifest', 'initech')).statusCode).toBe(400);
    await modules.store.createCustomer({ id: 'initech', name: 'Initech' }, {}, { sub: 'op', email: 'op@provider.example' });
    const res = await ask('/api/v1/manifest', 'initech');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ customerId: 'initech' });
  });
});
