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

/**
 * Whether a claim acts for no customer although it is not staff's: such a user is served dash and no
 * module. Without this, "no customer" would mean "no customer's switches apply", which for anyone but
 * staff is every module their claim lists, whatever any customer switched off (issue 26, finding 8).
 */
export function lacksCustomer(claim: CustomerClaim | null | undefined): boolean {
  return claim != null && claim.role !== STAFF_ROLE && !claim.customerId;
}
