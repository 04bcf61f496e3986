import { readAuthClaimText, type AuthClaim } from '@platform/schemas';
import { PlatformError } from '../errors.ts';

const misconfigured = (detail: string) =>
  new PlatformError(
    'CFG_ERR_ACCOUNT_MISCONFIGURED',
    `your account's authorisation (custom:auth) cannot be used: ${detail}; ask your administrator to correct it`,
  );

/**
 * Reads the auth object from the verified claims, as user pools write it (decision 0047), with the one
 * reader every part of the platform uses (decision 0082): unknown keys ignored, null as "not set", ids
 * in any case. An absent claim is a signed-in user with no customer and no modules (spec section 6).
 * One that cannot be read at all (a role that is not a string, modules that are not a list, text that
 * is not JSON) is refused, because guessing at a half-readable authorisation could grant what it did
 * not say; with 403, not 401, since signing in again brings the same claim back and would only go
 * round in a loop.
 */
export function readAuthClaim(claims: Record<string, unknown>): AuthClaim | undefined {
  const reading = readAuthClaimText(claims['custom:auth']);
  if (reading.kind === 'refused') throw misconfigured(reading.problem);
  return reading.kind === 'read' ? reading.claim : undefined;
}
