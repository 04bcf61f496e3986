/**
 * Every error the service can answer with, declared once. A handler throws only these;
 * the problem plugin turns them into RFC 9457 application/problem+json.
 */
export const errorCatalogue = {
  CFG_ERR_UNAUTHENTICATED: { status: 401, title: 'Not Authenticated' },
  CFG_ERR_USER_DISABLED: { status: 401, title: 'Account disabled' },
  CFG_ERR_FORBIDDEN: { status: 403, title: 'Forbidden' },
  CFG_ERR_USER_SELF_CHANGE: { status: 403, title: 'An administrator cannot change their own rights' },
  CFG_ERR_ACCOUNT_MISCONFIGURED: { status: 403, title: 'Account misconfigured' },
  CFG_ERR_MFA_REQUIRED: { status: 403, title: 'Multi-factor authentication required' },
  CFG_ERR_NOT_FOUND: { status: 404, title: 'Not Found' },
  CFG_ERR_RELEASE_NOT_FOUND: { status: 404, title: 'No such release' },
  CFG_ERR_CUSTOMER_NOT_FOUND: { status: 404, title: 'No such customer' },
  CFG_ERR_MODULE_NOT_FOUND: { status: 404, title: 'No such module' },
  CFG_ERR_BUNDLE_NOT_FOUND: { status: 404, title: 'No such module bundle version' },
  CFG_ERR_BUNDLE_FILE_NOT_FOUND: { status: 404, title: 'No such module bundle file' },
  CFG_ERR_USER_NOT_FOUND: { status: 404, title: 'No such user' },
  CFG_ERR_BAD_REQUEST: { status: 400, title: 'Bad Request' },
  CFG_ERR_CURSOR_INVALID: { status: 400, title: 'Cursor is not one this service gave out' },
  CFG_ERR_CUSTOMER_HEADER_INVALID: { status: 400, title: 'X-Customer-Id is not a customer id' },
  CFG_ERR_CUSTOMER_HEADER_UNKNOWN: { status: 400, title: 'X-Customer-Id names no customer' },
  CFG_ERR_PREVIEW_CUSTOMER_UNKNOWN: { status: 400, title: 'The preview names no customer the platform holds' },
  CFG_ERR_PILOT_CUSTOMER_UNKNOWN: { status: 400, title: 'The pilot names a customer the platform does not hold' },
  CFG_ERR_USER_MODULE_UNKNOWN: { status: 400, title: 'The user would be given a module the registry lacks' },
  CFG_ERR_USER_CLAIMS_INVALID: { status: 400, title: "The user's claims would not be valid" },
  CFG_ERR_BODY_TOO_DEEP: { status: 400, title: 'Body nested too deeply' },
  CFG_ERR_CONTROL_CHARACTER: { status: 400, title: 'Control character in the address' },
  CFG_ERR_CONFLICT: { status: 409, title: 'Conflict' },
  CFG_ERR_MANIFEST_INVALID: { status: 422, title: 'Manifest set is invalid' },
  CFG_ERR_BUNDLE_INVALID: { status: 422, title: 'Module bundle is invalid' },
  CFG_ERR_BUNDLE_TOO_LARGE: { status: 413, title: 'Module bundle is too large' },
  CFG_ERR_BUNDLE_EXISTS: { status: 409, title: 'Module bundle version holds other files' },
  CFG_ERR_BUNDLE_WITHDRAWN: { status: 409, title: 'Module bundle version was withdrawn' },
  CFG_ERR_BUNDLE_QUOTA: { status: 409, title: "Module's bundle quota is used up" },
  CFG_ERR_BUNDLE_IN_SERVICE: { status: 409, title: 'Module bundle version is in service' },
  CFG_ERR_PRECONDITION_REQUIRED: { status: 428, title: 'Precondition Required' },
  CFG_ERR_PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload Too Large' },
  CFG_ERR_URI_TOO_LONG: { status: 414, title: 'URI Too Long' },
  CFG_ERR_UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type' },
  CFG_ERR_RATE_LIMITED: { status: 429, title: 'Too Many Requests' },
  CFG_ERR_CHECK_IN_FLIGHT: { status: 429, title: 'A manifest check of yours is still running' },
  CFG_ERR_SCREEN_REPORTS_FLOOD: { status: 429, title: 'Far more screen reports than a user sends' },
  CFG_ERR_HEADERS_TOO_LARGE: { status: 431, title: 'Request Header Fields Too Large' },
  CFG_ERR_IDENTITY_PROVIDER: { status: 502, title: 'Identity provider unavailable' },
  CFG_ERR_IDENTITY_PROVIDER_TIMEOUT: { status: 504, title: 'The identity provider did not answer in time' },
  CFG_ERR_USER_EXISTS: { status: 409, title: 'User already exists' },
  CFG_ERR_CUSTOMER_UNKNOWN: { status: 422, title: 'No such customer' },
  CFG_ERR_IDENTITY_PROVIDER_REFUSED: { status: 422, title: 'The identity provider refused the change' },
  // Trusted publishing (issue 38, decision 0086).
  CFG_ERR_PUBLISHER_UNREGISTERED: { status: 403, title: 'The token names no registered publisher of its issuer' },
  CFG_ERR_PUBLISHING_ONLY: { status: 403, title: 'Only publishing steps of your own modules are allowed' },
  CFG_ERR_PUBLISHER_NOT_FOUND: { status: 404, title: 'No such trusted publisher' },
  CFG_ERR_PUBLISHER_INVALID: { status: 400, title: 'The trusted publisher cannot be registered' },
  CFG_ERR_PUBLISHER_EXISTS: { status: 409, title: 'The trusted publisher is registered already' },
  CFG_ERR_ADMIN_MFA_REQUIRED: { status: 403, title: 'Administration needs multi-factor authentication' },
  CFG_ERR_INTERNAL: { status: 500, title: 'Internal Server Error' },
  CFG_ERR_UNAVAILABLE: { status: 503, title: 'Service Unavailable' },
  CFG_ERR_NOT_READY: { status: 503, title: 'Not Ready' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

/** An error with a stable code; its status and title come from the catalogue. */
export class PlatformError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly title: string;
  /** Text safe to show the client. 5xx details are never sent. */
  readonly detail: string | undefined;

  /** Further members of the problem document (RFC 9457 extensions), e.g. the current state on a conflict. */
  readonly extensions: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, detail?: string, options?: { cause?: unknown; extensions?: Record<string, unknown> }) {
    super(detail ?? errorCatalogue[code].title, options);
    this.extensions = options?.extensions;
    this.name = 'PlatformError';
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.title = errorCatalogue[code].title;
    this.detail = detail;
  }
}

export function isPlatformError(value: unknown): value is PlatformError {
  return value instanceof PlatformError;
}

/**
 * Every reason the service refuses to start, declared once. No client ever sees these: the operator
 * reads the message and the code in the console, and docs/errors.md says what to do about each.
 */
export const startupErrorCatalogue = {
  CFG_SETTINGS_INVALID: { title: 'A setting breaks its rule' },
  CFG_SETTINGS_UNSAFE_IN_PRODUCTION: { title: 'A production risk is taken outside local without its ALLOW_ variable' },
  CFG_SETTINGS_ENV_FILE: { title: 'The .env file cannot be read' },
  CFG_SETTINGS_PACKAGE_MISSING: { title: 'A package a setting needs is not installed' },
  CFG_STORE_MIGRATION: { title: 'The database schema cannot be brought up to date' },
  CFG_STORE_IN_USE: { title: 'The embedded database is open in another process' },
  CFG_LOCAL_IDP_FAILED: { title: 'The local identity provider did not start' },
} as const satisfies Record<string, { title: string }>;

export type StartupErrorCode = keyof typeof startupErrorCatalogue;

/** Why start-up stopped, with a stable code; the message says what to change, in the operator's words. */
export class StartupError extends Error {
  readonly code: StartupErrorCode;

  constructor(code: StartupErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StartupError';
    this.code = code;
  }
}
