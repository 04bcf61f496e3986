import { STAFF_ROLE } from './roles.ts';

/** Spec section 6: the messaging company id of staff acting for no customer. */
export const PROVIDER_COMPANY_ID = 'provider';
/** The messaging company id of anyone else without a customer: no auth claim, or a claim without a customer. */
export const UNKNOWN_COMPANY_ID = 'unknown';

/**
 * The companyId a messaging profile carries, which the web app sends and the service's sink insists
 * on: the customer in context, else the provider's id for staff, else 'unknown'.
 */
export function messagingCompanyId(role: string | null | undefined, customer: string | null): string {
  return customer ?? (role === STAFF_ROLE ? PROVIDER_COMPANY_ID : UNKNOWN_COMPANY_ID);
}
