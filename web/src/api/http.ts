import type { Problem } from '@platform/schemas';

/** A failed API call: the HTTP status and, when the service sent one, its problem details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? problem?.title ?? `request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** GETs JSON from the platform's own API; a non-2xx answer becomes an ApiError. */
export function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  return requestJson<T>('GET', path, undefined, headers);
}

/** POSTs JSON to the platform's own API and reads the JSON answer. */
export function postJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return requestJson<T>('POST', path, body, headers);
}

/** PUTs JSON to the platform's own API and reads the JSON answer. */
export function putJson<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  return requestJson<T>('PUT', path, body, headers);
}

async function requestJson<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    const problem = response.headers.get('content-type')?.includes('problem+json') ? ((await response.json()) as Problem) : undefined;
    throw new ApiError(response.status, problem);
  }
  return (await response.json()) as T;
}
