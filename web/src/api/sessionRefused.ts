import { forceLogin } from './forcedLogin.ts';

/**
 * The requests (address without the query) answered 401 since they were last answered otherwise. Kept
 * in sessionStorage because a forced login reloads the page, and only for this tab.
 */
const REFUSED_KEY = 'platform.sessionRefusedBy';
/** Enough for every call one screen makes; the oldest go first. */
const REMEMBERED = 50;

/** The forced login under way: every 401 that arrives while it runs joins it rather than start another. */
let leaving: Promise<never> | undefined;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function refusedBy(storage: Store | undefined): string[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(REFUSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A signed-in request was answered 401 (spec sections 4 and 8): forces a login, which rejects with
 * 'Not Authenticated'. Returns undefined instead when the same request was refused before and has not
 * been answered otherwise since: the user has signed in again, with fresh tokens, to no avail (a backend
 * that rejects every token of this pool), and another forced login would only send them round again,
 * so the caller reports the refusal.
 */
export function sessionRefused(request: string, storage: Store | undefined = globalThis.sessionStorage): Promise<never> | undefined {
  const refused = refusedBy(storage);
  const before = refused.includes(request);
  if (!before) storage?.setItem(REFUSED_KEY, JSON.stringify([...refused, request].slice(-REMEMBERED)));
  if (leaving) return leaving;
  if (before) return undefined;
  leaving = forceLogin();
  return leaving;
}

/** The request was answered without a 401: a later one means the session has ended again. */
export function sessionAccepted(request: string, storage: Store | undefined = globalThis.sessionStorage): void {
  const refused = refusedBy(storage);
  if (!storage || !refused.includes(request)) return;
  const rest = refused.filter((r) => r !== request);
  if (rest.length) storage.setItem(REFUSED_KEY, JSON.stringify(rest));
  else storage.removeItem(REFUSED_KEY);
}
