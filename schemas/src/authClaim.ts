import { STAFF_ROLE } from './roles.ts';
import type { AuthClaim, AuthClaimAsWritten } from './types.ts';

/** A module key is at most 16 characters (module-manifest.schema.json); a longer claimed key can name none, and is not kept. */
const MODULE_KEY_MAX = 32;
/** user-claims.schema.json#/$defs/auth, which this reader follows rule for rule (readAuthClaim.test.ts in the service checks they agree). */
const ROLE_MAX = 64;
const MODULES_MAX = 100;
const CLAIMED_CUSTOMER_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,62}$/;

/**
 * Decision 0047, the one rule for a customer id read from a claim: compared in lower case, as the
 * store holds every id. `"ACME"` and `"acme"` are one customer; nothing else about the text changes.
 */
export function claimedCustomerId(value: string): string {
  return value.toLowerCase();
}

/** A module key from a claim, compared in lower case as registry keys are written; undefined when it can name no module. */
function claimedModuleKey(value: string): string | undefined {
  const key = value.toLowerCase();
  return key && key.length <= MODULE_KEY_MAX ? key : undefined;
}

/** Module keys from a claim as the platform reads them: in lower case, each once, none that can name no module. */
export function claimedModuleKeys(values: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const value of values) {
    const key = claimedModuleKey(value);
    if (key) keys.add(key);
  }
  return [...keys];
}

/**
 * The auth object as the platform reads it, from one a user pool wrote that has passed
 * `user-claims.schema.json#/$defs/auth` (decision 0047): keys the platform does not read are dropped,
 * null is "not set", and the customer id and module keys are lower case. Staff act for the customer
 * they choose, so a customer id in a staff claim is not read at all.
 */
export function normaliseAuthClaim(written: AuthClaimAsWritten): AuthClaim {
  const auth: AuthClaim = { role: written.role };
  if (written.role !== STAFF_ROLE && typeof written.customerId === 'string' && written.customerId) auth.customerId = claimedCustomerId(written.customerId);
  if (Array.isArray(written.modules)) auth.modules = claimedModuleKeys(written.modules);
  const landing = typeof written.landingPageModuleKey === 'string' ? claimedModuleKey(written.landingPageModuleKey) : undefined;
  if (landing) auth.landingPageModuleKey = landing;
  if (typeof written.requireMFA === 'boolean') auth.requireMFA = written.requireMFA;
  return auth;
}

/** What one `custom:auth` value says: nothing, a claim (as read, and as written), or why it cannot be read. */
export type AuthClaimReading =
  | { kind: 'absent' }
  | { kind: 'read'; claim: AuthClaim; written: AuthClaimAsWritten & Record<string, unknown> }
  | { kind: 'refused'; problem: string };

/** Where the written auth object breaks `$defs/auth`, in the words of a JSON Schema validator; undefined when it does not. */
function problemOf(auth: unknown): string | undefined {
  if (typeof auth !== 'object' || auth === null || Array.isArray(auth)) return '/ must be object';
  const { role, customerId, modules, landingPageModuleKey, requireMFA } = auth as Record<string, unknown>;
  if (role === undefined) return "/ must have required property 'role'";
  if (typeof role !== 'string' || role.length < 1 || role.length > ROLE_MAX) return `/role must be a string of 1 to ${ROLE_MAX} characters`;
  if (customerId !== undefined && customerId !== null && customerId !== '' && !(typeof customerId === 'string' && CLAIMED_CUSTOMER_ID.test(customerId)))
    return '/customerId must be a customer id (letters, digits and dashes), null or empty';
  if (modules !== undefined && modules !== null) {
    if (!Array.isArray(modules)) return '/modules must be array or null';
    if (modules.length > MODULES_MAX) return `/modules must not have more than ${MODULES_MAX} items`;
    const at = modules.findIndex((key) => typeof key !== 'string');
    if (at >= 0) return `/modules/${at} must be string`;
  }
  if (landingPageModuleKey !== undefined && landingPageModuleKey !== null && typeof landingPageModuleKey !== 'string')
    return '/landingPageModuleKey must be string or null';
  if (requireMFA !== undefined && requireMFA !== null && typeof requireMFA !== 'boolean') return '/requireMFA must be boolean or null';
  return undefined;
}

/**
 * The one reader of `custom:auth` (issue 37, decision 0082): the service's token check, its user lists,
 * the web app's session and the Users form all read a claim here, so each shows it as the platform acts
 * on it (pat's `["HS"]` is `hs`). An absent, null or empty value is no claim (spec section 6); text that
 * is not JSON, or an object that breaks `user-claims.schema.json#/$defs/auth`, is refused rather than
 * half read, since guessing at an authorisation could grant what it did not say. `written` keeps the
 * object as the pool wrote it, keys the platform does not read included, so a change can leave them be.
 */
export function readAuthClaimText(value: unknown): AuthClaimReading {
  if (value === undefined || value === null || value === '') return { kind: 'absent' };
  if (typeof value !== 'string') return { kind: 'refused', problem: 'it is not JSON text' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { kind: 'refused', problem: 'it is not JSON' };
  }
  const problem = problemOf(parsed);
  if (problem !== undefined) return { kind: 'refused', problem };
  const written = parsed as AuthClaimAsWritten & Record<string, unknown>;
  return { kind: 'read', claim: normaliseAuthClaim(written), written };
}
