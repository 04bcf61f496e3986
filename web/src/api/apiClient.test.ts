import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@platform/schemas';
import { SELECTED_CUSTOMER_KEY } from '../selection/customerContext.ts';
import { NO_BACKENDS } from '../testing/fakePlatform.ts';
import { callService, createApiClient } from './apiClient.ts';
import { ApiError, BackendUnavailableError, NetworkError, NotSignedInError } from './apiErrors.ts';

// The session is Amplify's; here only its token is stood in for.
const token = vi.hoisted(() => ({ current: 'id-token' as string | undefined }));
vi.mock('../auth/currentIdToken.ts', () => ({ currentIdToken: async () => token.current }));
// A forced login signs out and reloads the page at /login; here it only records that it was asked for.
const forced = vi.hoisted(() => ({ logins: 0 }));
vi.mock('./forcedLogin.ts', async () => {
  const { NotAuthenticatedError } = await import('./apiErrors.ts');
  return {
    forceLogin: async () => {
      forced.logins++;
      throw new NotAuthenticatedError();
    },
  };
});

const backends: PublicConfig['backends'] = { ...NO_BACKENDS, main: '/api/main', assetHealth: 'https://health.example.com/v1' };

const calls: { url: string; init: RequestInit }[] = [];
function answer(response: Response | Error) {
  // A unit test of the client alone: the network is replaced, nothing else.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (response instanceof Error) throw response;
    return response.clone();
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
  token.current = 'id-token';
  forced.logins = 0;
});

const client = (siteGroups: string[] = []) => createApiClient({ backends, siteGroups: () => siteGroups });
const headersOf = (call: { init: RequestInit }) => call.init.headers as Record<string, string>;
/** Staff acting for a customer, as the customer switcher leaves it in localStorage. */
const actingFor = (customerId: string) => vi.stubGlobal('localStorage', { getItem: (key: string) => (key === SELECTED_CUSTOMER_KEY ? customerId : null) });

describe('API client', () => {
  it('calls the backend at its configured base with the bearer ID token', async () => {
    answer(Response.json({ ok: true }));
    await expect(client().json('assetHealth', '/sites')).resolves.toEqual({ ok: true });
    expect(calls[0]!.url).toBe('https://health.example.com/v1/sites');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer id-token');
  });

  it('sends the selected site groups as a comma-joined siteGroup, after the query', async () => {
    answer(Response.json([]));
    await client(['north-sea', 'gulf-coast']).json('main', 'customers/acme/uploads', { query: { limit: 10, skip: undefined } });
    expect(calls[0]!.url).toBe('/api/main/customers/acme/uploads?limit=10&siteGroup=north-sea%2Cgulf-coast');
    await client(['north-sea']).json('main', '/x', { siteGroups: [] });
    expect(calls[1]!.url).toBe('/api/main/x');
  });

  it('never sends a backend the customer staff act for: it takes the customer in its path', async () => {
    actingFor('globex');
    answer(Response.json({}));
    await client().json('main', '/customers/globex/users');
    expect(headersOf(calls[0]!)).not.toHaveProperty('x-customer-id');
  });

  it('raises an ApiError with the problem details on a non-2xx answer', async () => {
    answer(
      new Response(JSON.stringify({ type: 't', title: 'Forbidden', status: 403, code: 'CFG_ERR_FORBIDDEN', detail: 'not your customer' }), {
        status: 403,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
    const error = await client()
      .json('main', '/customers/globex/users')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'CFG_ERR_FORBIDDEN', problem: { code: 'CFG_ERR_FORBIDDEN' }, message: 'not your customer' });
  });

  it('raises an ApiError without details for a non-JSON failure', async () => {
    answer(new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(client().json('main', '/x')).rejects.toMatchObject({ status: 502, code: 'WEB_ERR_HTTP_STATUS', problem: undefined });
  });

  it('raises a NetworkError when there is no answer', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(client().json('main', '/x')).rejects.toBeInstanceOf(NetworkError);
  });

  it('refuses a backend this deployment has no address for, without calling anything', async () => {
    answer(Response.json({}));
    await expect(client().json('rail', '/lines')).rejects.toBeInstanceOf(BackendUnavailableError);
    expect(calls).toHaveLength(0);
  });

  it("names each backend's region from the runtime configuration", () => {
    const regions = {
      ...(Object.fromEntries(Object.keys(NO_BACKENDS).map((name) => [name, 'us-east-1'])) as PublicConfig['backendRegions']),
      coldStartPublic: 'us-gov-west-1',
    };
    const configured = createApiClient({ backends, regions, siteGroups: () => [] });
    expect(configured.region('coldStartPublic')).toBe('us-gov-west-1');
    expect(configured.region('main')).toBe('us-east-1');
    expect(client().region('coldStartPublic')).toBeUndefined();
  });

  it('fetches a file as a blob with its content type', async () => {
    answer(new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }));
    const blob = await client().blob('main', '/files/1');
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });
});

describe("the platform's own API", () => {
  it('is called as the signed-in user, with the customer staff act for', async () => {
    actingFor('globex');
    answer(Response.json({ customers: [] }));
    await expect(callService('/customers')).resolves.toEqual({ customers: [] });
    expect(calls[0]!.url).toBe('/api/v1/customers');
    expect(headersOf(calls[0]!)).toMatchObject({ authorization: 'Bearer id-token', 'x-customer-id': 'globex' });
  });

  it('sends no customer when staff chose none, and the caller cannot override who is asking', async () => {
    actingFor('');
    answer(Response.json({}));
    await callService('/admin/releases/active', { method: 'PUT', body: {}, headers: { 'if-match': '"a"', authorization: 'Bearer forged' } });
    expect(headersOf(calls[0]!)).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'if-match': '"a"',
      authorization: 'Bearer id-token',
    });
  });

  it('reads the runtime configuration before anyone signs in, sending no credentials', async () => {
    token.current = undefined;
    answer(Response.json({ auth: {} }));
    await callService('/config', { signedIn: false });
    expect(headersOf(calls[0]!)).not.toHaveProperty('authorization');
  });

  it('refuses a signed-in call without a session, without calling anything', async () => {
    token.current = undefined;
    answer(Response.json({}));
    await expect(callService('/manifest')).rejects.toBeInstanceOf(NotSignedInError);
    await expect(client().json('main', '/x')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_SIGNED_IN' });
    expect(calls).toHaveLength(0);
  });

  it('reads no body from an accepted answer', async () => {
    actingFor('');
    answer(new Response(null, { status: 202 }));
    await expect(callService('/messaging/endpoints', { method: 'POST', body: {} })).resolves.toBeUndefined();
  });
});

describe('a signed-in call answered 401', () => {
  // The tab's sessionStorage, which outlives the reload a forced login makes.
  const tab = new Map<string, string>();
  beforeEach(() => {
    tab.clear();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => tab.get(key) ?? null,
      setItem: (key: string, value: string) => void tab.set(key, value),
      removeItem: (key: string) => void tab.delete(key),
    });
    actingFor('');
    // A forced login ends with a page load, which starts the client afresh.
    vi.resetModules();
  });
  const freshClient = async () => {
    const fresh = await import('./apiClient.ts');
    return { backend: fresh.createApiClient({ backends, siteGroups: () => [] }), callService: fresh.callService };
  };
  const unauthorised = () => new Response(null, { status: 401 });

  it('from a backend, forces a login and raises Not Authenticated', async () => {
    answer(unauthorised());
    const { backend } = await freshClient();
    await expect(backend.json('main', '/customers/acme/notifications')).rejects.toMatchObject({
      code: 'WEB_ERR_NOT_AUTHENTICATED',
      message: 'Not Authenticated',
    });
    expect(forced.logins).toBe(1);
  });

  it('from the platform, forces a login too', async () => {
    answer(unauthorised());
    const { callService: service } = await freshClient();
    await expect(service('/manifest')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_AUTHENTICATED' });
    expect(forced.logins).toBe(1);
  });

  it('several at once make one forced login', async () => {
    answer(unauthorised());
    const { backend, callService: service } = await freshClient();
    const all = await Promise.allSettled([backend.json('main', '/a'), backend.json('assetHealth', '/b'), service('/manifest')]);
    expect(all.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(forced.logins).toBe(1);
  });

  it('to a request refused before and answered nothing else since, is reported instead of forcing another login', async () => {
    answer(unauthorised());
    await expect((await freshClient()).backend.json('main', '/a')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_AUTHENTICATED' });
    // Signed in again; the page loaded afresh; the same backend still refuses the new session.
    vi.resetModules();
    const { backend } = await freshClient();
    await expect(backend.json('main', '/a')).rejects.toMatchObject({ status: 401, code: 'WEB_ERR_HTTP_STATUS' });
    expect(forced.logins).toBe(1);
    // Once it is answered, a later 401 means that session has ended: a forced login again.
    answer(Response.json({}));
    await backend.json('main', '/a');
    answer(unauthorised());
    vi.resetModules();
    await expect((await freshClient()).backend.json('main', '/a')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_AUTHENTICATED' });
    expect(forced.logins).toBe(2);
  });

  it('for a disabled account, forces a login that tells the sign-in screen why; any other 401 does not', async () => {
    answer(unauthorised());
    await expect((await freshClient()).callService('/manifest')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_AUTHENTICATED' });
    expect(tab.get('platform.signInReason')).toBeUndefined();
    answer(
      new Response(JSON.stringify({ title: 'Account disabled', status: 401, code: 'CFG_ERR_USER_DISABLED' }), {
        status: 401,
        headers: { 'content-type': 'application/problem+json' },
      }),
    );
    vi.resetModules();
    await expect((await freshClient()).callService('/customers')).rejects.toMatchObject({ code: 'WEB_ERR_NOT_AUTHENTICATED' });
    expect(forced.logins).toBe(2);
    expect(tab.get('platform.signInReason')).toBe('account-disabled');
  });

  it('is the only status that forces a login: 403 (unusable claims, another customer) does not', async () => {
    answer(new Response(null, { status: 403 }));
    const { backend, callService: service } = await freshClient();
    await expect(backend.json('main', '/a')).rejects.toMatchObject({ status: 403 });
    await expect(service('/manifest')).rejects.toMatchObject({ status: 403 });
    expect(forced.logins).toBe(0);
  });

  it('does not end the session when the call was anonymous (an expired signed link)', async () => {
    answer(unauthorised());
    const fresh = await import('./apiClient.ts');
    await expect(fresh.send('/api/main/artifacts/acme/users.csv?expires=1&signature=x')).rejects.toMatchObject({ status: 401 });
    await expect(fresh.callService('/config', { signedIn: false })).rejects.toMatchObject({ status: 401 });
    expect(forced.logins).toBe(0);
  });
});
