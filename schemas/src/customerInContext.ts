import { STAFF_ROLE } from './roles.ts';

/** What the customer in context depends on: the role and own customer of the user's auth claim. */
export interface CustomerClaim {
  role: string;
  customerId?: string | null | undefined;
}

/**
 * Spec section 6, the one rule the service and the web app both apply: staff act for the customer they
 * chose (X-Customer-Id; '' or none: no customer), anyone else for their own claim's customer, and a
 * user without an auth claim for none.
 */
export function customerInContext(claim: CustomerClaim | null | undefined, chosen: string | null | undefined): string | null {
  if (!claim) return null;
  if (claim.role === STAFF_ROLE) return chosen || null;
  return claim.customerId ?? null;
}
