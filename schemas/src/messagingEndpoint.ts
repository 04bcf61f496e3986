import { messagingCompanyId } from './messagingCompanyId.ts';
import { displayName } from './userName.ts';
import type { MessagingEndpoint } from './types.ts';

/** Who the profile is of: the token's email and names, its role, and the customer in context. */
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
 * companyId (the customer; else a fixed id for the provider's staff, else 'unknown'). The web app sends
 * it; the service builds it again from the verified token and forwards that one (decision 0055).
 */
export function messagingEndpoint(user: ProfileSource): MessagingEndpoint {
  const name = displayName(user);
  const companyId = messagingCompanyId(user.role, user.customerId);
  return {
    address: user.email,
    userId: name,
    attributes: { user: [name], role: user.role ? [user.role] : [], companyId: [companyId] },
  };
}
