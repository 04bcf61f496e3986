import type { AuthClaim } from '@platform/schemas';
import { customerInContext, STAFF_ROLE } from '../../manifests/buildUserManifest.ts';

/** Spec section 6: the messaging company id of staff acting for no customer (web: platform/constants.ts). */
export const PROVIDER_COMPANY_ID = 'provider';
/** ... and of anyone else without a customer: a token without an auth claim, or a claim without a customer. */
export const UNKNOWN_COMPANY_ID = 'unknown';

/**
 * The companyId a messaging profile must carry, the rule the web app's `messagingEndpoint` follows:
 * the customer in context (a customer user's own; the customer staff chose with X-Customer-Id), else
 * the provider's id for staff, else 'unknown'.
 */
export function messagingCompanyId(auth: AuthClaim | undefined, chosenCustomerId: string | undefined): string {
  return customerInContext(auth, chosenCustomerId) ?? (auth?.role === STAFF_ROLE ? PROVIDER_COMPANY_ID : UNKNOWN_COMPANY_ID);
}
