import { isCustomerId, STAFF_ROLE } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import type { VerifiedUser } from '../../claims/verifiedUser.ts';

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
  // Checked before the lookup, and before the route's parameters are validated: a database refuses some
  // strings outright (a NUL byte), which would be a 500.
  if (!isCustomerId(customerId) || !(await exists(customerId))) throw new PlatformError('CFG_ERR_NOT_FOUND', `no customer '${customerId}'`);
}
