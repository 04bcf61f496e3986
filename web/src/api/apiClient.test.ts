import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '@platform/schemas';
import { ApiError, NetworkError } from './http.ts';
import { BackendUnavailableError, createApiClient } from './apiClient.ts';

const backends = {
  main: '/api/main',
  assetHealth: 'https://health.example.com/v1',
  mapping: null,
  lifex: null,
  technicalDashboard: null,
  lifeCost: null,
  modelRuntime: null,
  rail: null,
  coreData: null,
  coldStartPublic: null,
  userManagement: null,
} satisfies PublicConfig['backends'];

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
});

const client = (siteGroups: string[] = []) => createApiClient({ backends, idToken: async () => 'id-token', siteGroups: () => siteGroups });

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

  it('raises an ApiError with the problem details on a non-2xx answer', async () => {
    answer(new Response(JSON.stringify({ type: 't', title: 'Forbidden', status: 403, code: 'CFG_ERR_FORBIDDEN', detail: 'not your customer' }), { status: 403, headers: { 'content-type': 'application/problem+json' } }));
    const error = await client().json('main', '/customers/globex/users').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, problem: { code: 'CFG_ERR_FORBIDDEN' }, message: 'not your customer' });
  });

  it('raises an ApiError without details for a non-JSON failure', async () => {
    answer(new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    await expect(client().json('main', '/x')).rejects.toMatchObject({ status: 502, problem: undefined });
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

  it('fetches a file as a blob with its content type', async () => {
    answer(new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }));
    const blob = await client().blob('main', '/files/1');
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('a,b\n1,2\n');
  });
});
