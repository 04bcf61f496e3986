import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import { SELECTED_CUSTOMER_KEY } from '../selection/customerContext.ts';
import { userManifestQuery } from './userManifest.ts';

const token = vi.hoisted(() => ({ current: 'id-token' as string | undefined }));
vi.mock('../auth/currentIdToken.ts', () => ({ currentIdToken: async () => token.current }));

afterEach(() => vi.unstubAllGlobals());

/** The query's fetch alone, as React Query would run it. */
const fetchManifest = () => (userManifestQuery('staff-1').queryFn as unknown as () => Promise<UserManifest>)();

/** localStorage as the customer switcher leaves it, for one test. */
function storage(entries: Record<string, string>) {
  const store = new Map(Object.entries(entries));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  });
  return store;
}

describe('userManifestQuery', () => {
  it("drops staff's choice of a customer the service no longer holds, and asks again for none", async () => {
    const kept = storage({ [SELECTED_CUSTOMER_KEY]: 'gone-customer' });
    const sent: (string | undefined)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const customer = (init.headers as Record<string, string>)['x-customer-id'];
      sent.push(customer);
      if (customer === 'gone-customer') {
        const problem = {
          title: 'X-Customer-Id names no customer',
          status: 400,
          code: 'CFG_ERR_CUSTOMER_HEADER_UNKNOWN',
          detail: "X-Customer-Id names no customer: 'gone-customer'; choose another",
          unknownCustomer: customer,
        };
        return new Response(JSON.stringify(problem), { status: 400, headers: { 'content-type': 'application/problem+json' } });
      }
      return Response.json({ version: 'v', customerId: null });
    });
    const manifest = await fetchManifest();
    expect(manifest.customerId).toBeNull();
    expect(sent).toEqual(['gone-customer', undefined]);
    expect(kept.has(SELECTED_CUSTOMER_KEY)).toBe(false);
  });

  it('keeps the choice on any other refusal', async () => {
    const kept = storage({ [SELECTED_CUSTOMER_KEY]: 'acme' });
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ title: 'Bad Request', status: 400, code: 'CFG_ERR_BAD_REQUEST' }), {
          status: 400,
          headers: { 'content-type': 'application/problem+json' },
        }),
    );
    await expect(fetchManifest()).rejects.toMatchObject({ status: 400 });
    expect(kept.get(SELECTED_CUSTOMER_KEY)).toBe('acme');
  });
});
