import type { PublicConfig } from '@platform/schemas';
import { sessionAccepted, sessionRefused } from './sessionRefused.ts';
import { siteGroupParam } from '../selection/siteGroupSelection.ts';
import { ApiError, BackendUnavailableError, isAccountDisabled, NetworkError } from './apiErrors.ts';
import { rememberSignInReason } from './signInReason.ts';
import { signedInHeaders, type Audience } from './signedInHeaders.ts';

// The one HTTP client of the web app. Every call goes through send(): it adds who is asking
// (signedInHeaders) when the call is signed in, forces a login when such a call is answered 401 (spec
// sections 4 and 8), and turns every failure into one of the typed errors of apiErrors.ts.
// callService() is the platform's own API; createApiClient() the backends modules call.

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends the signed-in user's credentials for this audience; left out, the call is anonymous (the runtime configuration, a signed link). */
  signedInTo?: Audience;
}

/**
 * Sends one request and returns the answer when it is 2xx; otherwise raises an ApiError with the
 * problem details the service sent, a NetworkError when there was no answer at all, or a
 * NotSignedInError when a signed-in call has no session to send. A signed-in call answered 401 sends
 * the user to sign in again and raises NotAuthenticatedError (unless signing in again has not helped).
 */
export async function send(url: string, options: SendOptions = {}): Promise<Response> {
  const { method = 'GET', headers = {}, body, signal, signedInTo } = options;
  // An anonymous call's 401 (an expired signed link) says nothing about the session.
  const request = signedInTo && url.split('?')[0]!;
  const credentials = signedInTo ? await signedInHeaders(signedInTo) : {};
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers, ...credentials },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(url, { cause: error });
  }
  if (request && response.status !== 401) sessionAccepted(request);
  if (response.ok) return response;
  const problem = /[/+]json/.test(response.headers.get('content-type') ?? '')
    ? ((await response.json().catch(() => undefined)) as ApiError['problem'])
    : undefined;
  const error = new ApiError(response.status, problem, url);
  // Any signed-in call, not only the manifest: a backend that no longer takes the token ends the session too.
  if (request && response.status === 401) {
    // Said on the sign-in screen the forced login leads to.
    if (isAccountDisabled(error)) rememberSignInReason('account-disabled');
    await sessionRefused(request);
  }
  throw error;
}

/** Where the platform's own service answers its API. */
const SERVICE_API = '/api/v1';

/** The address of `path` on the platform's own API. */
export const serviceUrl = (path: string): string => `${SERVICE_API}${path}`;

export interface ServiceCallOptions extends Omit<SendOptions, 'signedInTo'> {
  /** false only for what the app reads before anyone signs in. */
  signedIn?: boolean;
}

/** Calls the platform's own API, as the signed-in user unless told otherwise, and reads its JSON answer. */
export async function callService<T>(path: string, { signedIn = true, ...options }: ServiceCallOptions = {}): Promise<T> {
  const response = await send(serviceUrl(path), { ...options, ...(signedIn ? { signedInTo: 'service' as const } : {}) });
  // Accepted and No Content have no body to read.
  return (response.status === 202 || response.status === 204 ? undefined : await response.json()) as T;
}

/** The backends modules call (spec section 7), named as in the runtime configuration. */
export type Backend = keyof PublicConfig['backends'];

export interface ApiClientSources {
  /** Base address per backend, from the runtime configuration (never built into the bundle). */
  backends: PublicConfig['backends'];
  /** The region each backend is in, from the runtime configuration; left out, none is known. */
  regions?: PublicConfig['backendRegions'];
  /** The site groups selected for the customer in context, sent with every call. */
  siteGroups: () => readonly string[];
}

export interface CallOptions {
  method?: SendOptions['method'];
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The site groups to send; the current selection when left out. */
  siteGroups?: readonly string[];
  signal?: AbortSignal;
}

/** The client for every backend: base address, the user's token, site-group filter, typed errors. */
export interface ApiClient {
  /** The address of `path` on a backend, with the query (and site-group filter) applied. */
  url(backend: Backend, path: string, options?: Pick<CallOptions, 'query' | 'siteGroups'>): string;
  /** Calls a backend and reads its JSON answer. */
  json<T>(backend: Backend, path: string, options?: CallOptions): Promise<T>;
  /** Fetches a file with the session's token, as a blob with its content type. */
  blob(backend: Backend, path: string, options?: CallOptions): Promise<Blob>;
  /**
   * The cloud region a backend is in (spec section 9: the cold start public API is in a government
   * region, the rest in the standard one), for a call that signs its request or names its region.
   */
  region(backend: Backend): string | undefined;
}

export function createApiClient(sources: ApiClientSources): ApiClient {
  const url: ApiClient['url'] = (backend, path, options = {}) => {
    const base = sources.backends[backend];
    if (base === null) throw new BackendUnavailableError(backend);
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) query.set(name, String(value));
    for (const [name, value] of Object.entries(siteGroupParam(options.siteGroups ?? sources.siteGroups()))) query.set(name, value);
    const text = query.toString();
    return `${base}${path.startsWith('/') ? '' : '/'}${path}${text ? `?${text}` : ''}`;
  };
  const call = async (backend: Backend, path: string, options: CallOptions = {}, accept = 'application/json') =>
    send(url(backend, path, options), { method: options.method, headers: { accept }, body: options.body, signal: options.signal, signedInTo: 'backend' });
  return {
    url,
    json: async <T>(backend: Backend, path: string, options?: CallOptions) => (await (await call(backend, path, options)).json()) as T,
    blob: async (backend, path, options) => (await call(backend, path, options, '*/*')).blob(),
    region: (backend) => sources.regions?.[backend],
  };
}
