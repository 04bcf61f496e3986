import { isApiError, usePlatformQuery } from '@platform/module-sdk';

/** A call's answer as a screen draws it: on its way, found, or why not. */
export type Answer<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * GETs `path` of the Model Runtime backend with the SDK's query hook (the shell's client and query
 * cache: token, forced login on 401, asked again when the path changes, an earlier path's answer never
 * shown), and says what the screen should draw. A 404 is "missing": the address named what is not there.
 * null: nothing to ask.
 */
export function useBackend<T>(path: string | null): Answer<T> {
  const { data, error } = usePlatformQuery<T>('modelRuntime', path);
  if (data !== undefined) return { state: 'done', data };
  if (error) return isApiError(error, 404) ? { state: 'missing' } : { state: 'failed', message: error.message };
  return { state: 'loading' };
}

/** A path segment, encoded. */
export const seg = (value: string | undefined) => encodeURIComponent(value ?? '');
