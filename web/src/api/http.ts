import type { Problem } from '@platform/schemas';

/** A failed API call: the HTTP status and, when the service sent one, its problem details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly url?: string,
  ) {
    super(problem?.detail ?? problem?.title ?? `request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The request never got an answer: offline, the server down, a CORS refusal, a timeout. */
export class NetworkError extends Error {
  constructor(
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot reach ${new URL(url, globalThis.location?.origin ?? 'http://localhost').host}: check the connection and try again`, options);
    this.name = 'NetworkError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Sends one request and returns the answer when it is 2xx; otherwise raises an ApiError with the
 * problem details the service sent, or a NetworkError when there was no answer at all.
 */
export async function send(url: string, options: SendOptions = {}): Promise<Response> {
  const { method = 'GET', headers = {}, body, signal } = options;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(url, { cause: error });
  }
  if (!response.ok) {
    const problem = /[/+]json/.test(response.headers.get('content-type') ?? '') ? ((await response.json().catch(() => undefined)) as Problem | undefined) : undefined;
    throw new ApiError(response.status, problem, url);
  }
  return response;
}

/** GETs JSON from the platform's own API; a non-2xx answer becomes an ApiError. */
export async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  return (await (await send(path, { headers })).json()) as T;
}

/** POSTs JSON to the platform's own API and reads the JSON answer. */
export async function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await send(path, { method: 'POST', headers, body });
  return (response.status === 204 || response.status === 202 ? undefined : await response.json()) as T;
}

/** PUTs JSON to the platform's own API and reads the JSON answer. */
export async function putJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return (await (await send(path, { method: 'PUT', headers, body })).json()) as T;
}
