import { PlatformError } from '../errors.ts';

/**
 * The database cannot be reached (down, restarting, network gone): the request may succeed when
 * retried, so it is a 503, not a 500. A transaction that lost its connection before `commit` was
 * not applied; one that lost it during `commit` may have been, which is why writes carry the version
 * they read: a retry of an applied write is a 409, never a second change.
 */
export class StoreUnavailableError extends PlatformError {
  constructor(cause: unknown) {
    super('CFG_ERR_UNAVAILABLE', 'the customer store cannot be reached; try again shortly', { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Socket errors, and PostgreSQL's connection-exception and shutdown classes. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const SERVER_CODES = /^(08...|57P0[1-3]|53300)$/;
/** What `pg` says when the connection went away without a code. */
const MESSAGES = /connection terminated|timeout exceeded when trying to connect|client has encountered a connection error|connection ended|not queryable/i;

function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (MESSAGES.test(error.message)) return true;
  // An AggregateError (connecting to ::1 and 127.0.0.1) fails for each address.
  if (error instanceof AggregateError) return error.errors.length > 0 && error.errors.every(isConnectionFailure);
  return false;
}

/** Runs `work`, turning a lost or refused connection into StoreUnavailableError. */
export async function orUnavailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isConnectionFailure(error) ? new StoreUnavailableError(error) : error;
  }
}
