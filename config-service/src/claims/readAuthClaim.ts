import type { ValidateFunction } from 'ajv';
import { userClaimsSchema, type AuthClaim } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { ajv } from '../validation/schemaValidator.ts';

// From the instance that holds every contract: the auth object refers to the customer id's definition.
const validateAuth = ajv.getSchema(`${userClaimsSchema.$id}#/$defs/auth`) as ValidateFunction<AuthClaim>;

/**
 * Reads the auth object from the verified claims. An absent claim is a signed-in user with
 * no customer and no modules (spec section 6); a present but malformed one is refused, because
 * guessing at a half-readable authorisation could grant what it did not say.
 */
export function readAuthClaim(claims: Record<string, unknown>): AuthClaim | undefined {
  const raw = claims['custom:auth'];
  if (raw === undefined || raw === null || raw === '') return undefined;
  let parsed: unknown;
  if (typeof raw !== 'string') throw new PlatformError('CFG_ERR_INVALID_CLAIMS', 'custom:auth must be a JSON string');
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new PlatformError('CFG_ERR_INVALID_CLAIMS', 'custom:auth is not valid JSON');
  }
  if (!validateAuth(parsed)) {
    const first = validateAuth.errors?.[0];
    throw new PlatformError('CFG_ERR_INVALID_CLAIMS', `custom:auth ${first?.instancePath || '/'} ${first?.message ?? 'is invalid'}`);
  }
  return parsed;
}
