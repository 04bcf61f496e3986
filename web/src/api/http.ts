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
export async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json', ...headers } });
  if (!response.ok) {
    const problem = response.headers.get('content-type')?.includes('problem+json') ? ((await response.json()) as Problem) : undefined;
    throw new ApiError(response.status, problem);
  }
  return (await response.json()) as T;
}
