import { useEffect, useState } from 'react';
import { isApiError, useApi } from '@platform/module-sdk';

/** A call's answer as a screen draws it: on its way, found, or why not. */
export type Answer<T> = { state: 'loading' } | { state: 'done'; data: T } | { state: 'missing' } | { state: 'failed'; message: string };

/**
 * GETs `path` of the Model Runtime backend through the platform's client (token, forced login on 401),
 * again whenever the path changes; an answer to an earlier path is dropped. null: nothing to ask.
 */
export function useBackend<T>(path: string | null): Answer<T> {
  const api = useApi();
  const [answer, setAnswer] = useState<{ path: string | null; answer: Answer<T> }>({ path, answer: { state: 'loading' } });
  useEffect(() => {
    if (path === null) return;
    const aborted = new AbortController();
    api.json<T>('modelRuntime', path, { signal: aborted.signal }).then(
      (data) => setAnswer({ path, answer: { state: 'done', data } }),
      (error: unknown) => {
        if (aborted.signal.aborted) return;
        if (isApiError(error, 404)) setAnswer({ path, answer: { state: 'missing' } });
        else setAnswer({ path, answer: { state: 'failed', message: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => aborted.abort();
  }, [api, path]);
  return answer.path === path ? answer.answer : { state: 'loading' };
}

/** A path segment, encoded. */
export const seg = (value: string | undefined) => encodeURIComponent(value ?? '');
