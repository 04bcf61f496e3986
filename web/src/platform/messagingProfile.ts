import type { MessagingEndpoint } from '@platform/schemas';
import { PROVIDER_COMPANY_ID, UNKNOWN_COMPANY_ID } from './constants.ts';
import { STAFF_ROLE } from './customerContext.ts';

export interface ProfileSource {
  email: string;
  givenName: string;
  familyName: string;
  role: string | null;
  /** The customer in context. */
  customerId: string | null;
}

/**
 * Spec section 7: on load, the user's profile goes to the messaging service as an endpoint update:
 * the email as address, a user id built from given and family name, and the attributes user, role and
 * companyId (the customer; else a fixed id for the provider's staff, else 'unknown').
 */
export function messagingEndpoint(user: ProfileSource): MessagingEndpoint {
  const name = `${user.givenName} ${user.familyName}`.trim();
  const companyId = user.customerId ?? (user.role === STAFF_ROLE ? PROVIDER_COMPANY_ID : UNKNOWN_COMPANY_ID);
  return {
    address: user.email,
    userId: name || user.email,
    attributes: { user: [name || user.email], role: user.role ? [user.role] : [], companyId: [companyId] },
  };
}
