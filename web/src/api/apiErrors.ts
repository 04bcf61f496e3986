import type { PublicConfig, Problem } from '@platform/schemas';

// Every way a call through the API client can fail, each with a stable code. Callers narrow with the
// type guards below, never by comparing messages.

/**
 * The service or a backend answered with a failure: its HTTP status and, when it sent problem details
 * (RFC 9457), the problem with its stable code (CFG_ERR_…) and any extensions (`current`, `problems`).
 */
export class ApiError extends Error {
  /** The problem's code; WEB_ERR_HTTP_STATUS when the answer carried no problem details. */
  readonly code: string;
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly url?: string,
  ) {
    super(problem?.detail ?? problem?.title ?? `request failed with status ${status}`);
    this.name = 'ApiError';
    this.code = problem?.code ?? 'WEB_ERR_HTTP_STATUS';
  }
}

/** The request never got an answer: offline, the server down, a CORS refusal, a timeout. */
export class NetworkError extends Error {
  readonly code = 'WEB_ERR_NETWORK';
  constructor(
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`cannot reach ${new URL(url, globalThis.location?.origin ?? 'http://localhost').host}: check the connection and try again`, options);
    this.name = 'NetworkError';
  }
}

/** A module called a backend this deployment has no address for; retrying cannot help. */
export class BackendUnavailableError extends Error {
  readonly code = 'WEB_ERR_BACKEND_UNAVAILABLE';
  constructor(readonly backend: keyof PublicConfig['backends']) {
    super(`this deployment has no ${backend} service configured`);
    this.name = 'BackendUnavailableError';
  }
}

/** A call that needs the signed-in user was made with no session: it never left the browser. */
export class NotSignedInError extends Error {
  readonly code = 'WEB_ERR_NOT_SIGNED_IN';
  constructor() {
    super('not signed in');
    this.name = 'NotSignedInError';
  }
}

/**
 * The service or a backend refused the session (401), so the user is being sent to sign in again
 * (spec section 8, "Forced login"); the page is on its way to /login.
 */
export class NotAuthenticatedError extends Error {
  readonly code = 'WEB_ERR_NOT_AUTHENTICATED';
  constructor() {
    super('Not Authenticated');
    this.name = 'NotAuthenticatedError';
  }
}

/** The service or backend answered with a failure; `status` narrows further (409 conflict, 422 refused). */
export function isApiError(value: unknown, status?: number): value is ApiError {
  return value instanceof ApiError && (status === undefined || value.status === status);
}

export function isBackendUnavailable(value: unknown): value is BackendUnavailableError {
  return value instanceof BackendUnavailableError;
}

/**
 * The service refused the customer staff chose (X-Customer-Id) because it holds no such customer: a
 * choice left in this browser from before, or one removed since. The choice should be dropped.
 */
export function isUnknownCustomer(value: unknown): value is ApiError {
  return isApiError(value, 400) && typeof (value.problem as { unknownCustomer?: unknown } | undefined)?.unknownCustomer === 'string';
}

/**
 * The service cannot read the signed-in user's authorisation claim (403 CFG_ERR_ACCOUNT_MISCONFIGURED,
 * decision 0047). Signing in again brings the same claim back: the user is told whom to ask instead.
 */
export function isAccountMisconfigured(value: unknown): value is ApiError {
  return isApiError(value, 403) && value.code === 'CFG_ERR_ACCOUNT_MISCONFIGURED';
}

/** An administrator disabled the signed-in user's account (401 CFG_ERR_USER_DISABLED): the session is over until they are enabled again. */
export function isAccountDisabled(value: unknown): value is ApiError {
  return isApiError(value, 401) && value.code === 'CFG_ERR_USER_DISABLED';
}
