import type { ValidateFunction } from 'ajv';
import { normaliseAuthClaim, userClaimsSchema, type AuthClaim, type AuthClaimAsWritten } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { ajv } from '../validation/schemaValidator.ts';

// From the instance that holds every contract: the auth object refers to the customer id's definition.
const validateAuth = ajv.getSchema(`${userClaimsSchema.$id}#/$defs/auth`) as ValidateFunction<AuthClaimAsWritten>;

const misconfigured = (detail: string) =>
  new PlatformError(
    'CFG_ERR_ACCOUNT_MISCONFIGURED',
    `your account's authorisation (custom:auth) cannot be used: ${detail}; ask your administrator to correct it`,
  );

/**
 * Reads the auth object from the verified claims, as user pools write it (decision 0047): unknown
 * keys ignored, null as "not set", ids in any case. An absent claim is a signed-in user with no
 * customer and no modules (spec section 6). One that cannot be read at all (a role that is not a
 * string, modules that are not a list, text that is not JSON) is refused, because guessing at a
 * half-readable authorisation could grant what it did not say; with 403, not 401, since signing in
 * again brings the same claim back and would only go round in a loop.
 */
export function readAuthClaim(claims: Record<string, unknown>): AuthClaim | undefined {
  const raw = claims['custom:auth'];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw misconfigured('it is not JSON text');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw misconfigured('it is not JSON');
  }
  if (!validateAuth(parsed)) {
    const first = validateAuth.errors?.[0];
    throw misconfigured(`${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return normaliseAuthClaim(parsed);
}
