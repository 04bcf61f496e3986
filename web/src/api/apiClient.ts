import type { PublicConfig } from '@platform/schemas';
import { send } from './http.ts';
import { siteGroupParam } from '../selection/siteGroupSelection.ts';

/** The backends modules call (spec section 7), named as in the runtime configuration. */
export type Backend = keyof PublicConfig['backends'];

/** A module called a backend this deployment has no address for. */
export class BackendUnavailableError extends Error {
  constructor(readonly backend: Backend) {
    super(`this deployment has no ${backend} service configured`);
    this.name = 'BackendUnavailableError';
  }
}

export interface ApiClientSources {
  /** Base address per backend, from the runtime configuration (never built into the bundle). */
  backends: PublicConfig['backends'];
  /** The current session's ID token; Amplify refreshes it before it expires. */
  idToken: () => Promise<string | undefined>;
  /** The site groups selected for the customer in context, sent with every call. */
  siteGroups: () => readonly string[];
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** The site groups to send; the current selection when left out. */
  siteGroups?: readonly string[];
  signal?: AbortSignal;
}

/** One client for every backend: base address, bearer token, site-group filter, typed errors. */
export interface ApiClient {
  /** The address of `path` on a backend, with the query (and site-group filter) applied. */
  url(backend: Backend, path: string, options?: Pick<CallOptions, 'query' | 'siteGroups'>): string;
  /** Calls a backend and reads its JSON answer. */
  json<T>(backend: Backend, path: string, options?: CallOptions): Promise<T>;
  /** Fetches a file with the session's token, as a blob with its content type. */
  blob(backend: Backend, path: string, options?: CallOptions): Promise<Blob>;
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
  const call = async (backend: Backend, path: string, options: CallOptions = {}, accept = 'application/json') => {
    const target = url(backend, path, options);
    const token = await sources.idToken();
    return send(target, {
      method: options.method ?? 'GET',
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: options.body,
      signal: options.signal,
    });
  };
  return {
    url,
    json: async <T>(backend: Backend, path: string, options?: CallOptions) => (await (await call(backend, path, options)).json()) as T,
    blob: async (backend, path, options) => (await call(backend, path, options, '*/*')).blob(),
  };
}
