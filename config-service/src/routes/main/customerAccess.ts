import { STAFF_ROLE } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import type { VerifiedUser } from '../../manifests/buildUserManifest.ts';

/** A customer id's shape, as the routes' parameters declare it; this check runs before they are validated. */
const CUSTOMER_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Whether the user may ask about a customer: staff about any customer there is; anyone else about
 * their own claim's customer only. A customer user is refused before learning whether the other
 * customer exists at all.
 */
export async function assertCustomerAccess(user: VerifiedUser, customerId: string, exists: (id: string) => Promise<boolean>): Promise<void> {
  if (user.auth?.role !== STAFF_ROLE) {
    if (!user.auth?.customerId || user.auth.customerId !== customerId) throw new PlatformError('CFG_ERR_FORBIDDEN', 'you may only see your own customer');
    return;
  }
  // Checked before the lookup: a database refuses some strings outright (a NUL byte), which would be a 500.
  if (!CUSTOMER_ID.test(customerId) || !(await exists(customerId))) throw new PlatformError('CFG_ERR_NOT_FOUND', `no customer '${customerId}'`);
}
