import { STAFF_ROLE } from './roles.ts';
import type { AuthClaim, AuthClaimAsWritten } from './types.ts';

/** A module key is at most 16 characters (module-manifest.schema.json); a longer claimed key can name none, and is not kept. */
const MODULE_KEY_MAX = 32;

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

/**
 * The auth object as the platform reads it, from one a user pool wrote that has passed
 * `user-claims.schema.json#/$defs/auth` (decision 0047): keys the platform does not read are dropped,
 * null is "not set", and the customer id and module keys are lower case. Staff act for the customer
 * they choose, so a customer id in a staff claim is not read at all.
 */
export function normaliseAuthClaim(written: AuthClaimAsWritten): AuthClaim {
  const auth: AuthClaim = { role: written.role };
  if (written.role !== STAFF_ROLE && typeof written.customerId === 'string' && written.customerId) auth.customerId = claimedCustomerId(written.customerId);
  if (Array.isArray(written.modules)) {
    const keys = new Set<string>();
    for (const entry of written.modules) {
      const key = claimedModuleKey(entry);
      if (key) keys.add(key);
    }
    auth.modules = [...keys];
  }
  const landing = typeof written.landingPageModuleKey === 'string' ? claimedModuleKey(written.landingPageModuleKey) : undefined;
  if (landing) auth.landingPageModuleKey = landing;
  if (typeof written.requireMFA === 'boolean') auth.requireMFA = written.requireMFA;
  return auth;
}
