import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer, CustomerList, UnaddedCustomerList } from '@platform/schemas';
import { DEMO_ACCOUNTS, INVITED_DEMO_ACCOUNT } from '../../testing/standIns.ts';
import { idToken, startService, type ServiceProcess } from '../../testing/serviceProcess.ts';
import { bearer } from '../../testing/signedRequest.ts';

/** How many of the local pool's accounts have a claim naming `customerId`, read or not, in whatever case. */
// Accounts with a claim the platform reads: one it refuses (unusableAuth) names no customer (decision 0082).
const accountsNaming = (customerId: string) =>
  [...DEMO_ACCOUNTS, INVITED_DEMO_ACCOUNT].filter((a) => {
    const auth = a.auth as { customerId?: unknown } | undefined;
    return typeof auth?.customerId === 'string' && auth.customerId.toLowerCase() === customerId;
  }).length;

// The service as production starts it, without the demo customers (SEED_DEMO_DATA=false), with its
// local user pool: the operators' workflow from the first customer on, through the real ListUsers.
let service: ServiceProcess;
beforeAll(async () => {
  service = await startService({ env: { SEED_DEMO_DATA: 'false' } });
  // Starting the service and its identity provider takes most of a minute on a busy machine.
}, 180_000);
afterAll(() => service?.stop());

const call = async <T>(token: string, path: string, init: { method?: string; body?: object; ifMatch?: string } = {}) => {
  const res = await fetch(`${service.base}${path}`, {
    method: init.method ?? 'GET',
    headers: bearer(token, { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.ifMatch ? { 'if-match': init.ifMatch } : {}) }),
    body: init.body && JSON.stringify(init.body),
  });
  return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as T };
};
const modulesOf = async (token: string) => (await call<{ modules: { key: string }[] }>(token, '/api/v1/manifest')).body.modules.map((m) => m.key);

describe('a platform started without demo data', () => {
  it('has no customer; an operator adds one its users name, switches a module off, and its user loses it', async () => {
    const staff = await idToken(service, 'staff@demo.local');
    expect((await call<CustomerList>(staff, '/api/v1/customers')).body).toEqual({ customers: [], nextCursor: null });
    // The switches of a customer that is not there answer 404: the state issue 27 found.
    expect((await call(staff, '/api/v1/customers/acme/modules/lcc')).status).toBe(404);

    // The demo accounts' claims name acme, globex and initech: none is a customer yet.
    const unadded = (await call<UnaddedCustomerList>(staff, '/api/v1/unadded-customers')).body;
    expect(unadded.customers.map((c) => c.id).sort()).toEqual(['acme', 'globex', 'initech']);
    expect(unadded.customers.find((c) => c.id === 'acme')?.users).toBe(accountsNaming('acme'));
    expect(unadded.complete).toBe(true);

    const added = await call<Customer>(staff, '/api/v1/customers', { method: 'POST', body: { id: 'acme', name: 'Acme Industrial', reason: 'first customer' } });
    expect(added.status).toBe(201);
    expect((await call<CustomerList>(staff, '/api/v1/customers')).body.customers.map((c) => c.id)).toEqual(['acme']);
    expect((await call<UnaddedCustomerList>(staff, '/api/v1/unadded-customers')).body.customers.map((c) => c.id).sort()).toEqual(['globex', 'initech']);

    const engineer = await idToken(service, 'engineer@acme.example');
    expect(await modulesOf(engineer)).toEqual(['mr', 'lcc', 'hs']);
    const lcc = await call<{ version: number }>(staff, '/api/v1/customers/acme/modules/lcc');
    const off = await call(staff, '/api/v1/customers/acme/modules/lcc', {
      method: 'PUT',
      body: { enabled: false, reason: 'not licensed' },
      ifMatch: lcc.etag ?? '',
    });
    expect(off.status).toBe(200);
    expect(await modulesOf(engineer)).toEqual(['mr', 'hs']);
  }, 60_000);
});
