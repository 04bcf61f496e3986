import type { ManagedUser } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import type { UserAction, UserAuditStore, UserAuditWrite } from '../../store/userAuditStore.ts';

/** The fields of a change that are an administrator's rights: their own name and landing module they may change. */
export const OWN_RIGHTS: ReadonlySet<string> = new Set(['role', 'customerId', 'modules', 'requireMFA']);

/** The steps no one takes on themselves: disabling oneself, re-enabling oneself, or resetting one's own MFA. */
export const STEPS_ON_OWN_RIGHTS: ReadonlySet<UserAction> = new Set(['disable', 'enable', 'reset-mfa']);

/**
 * Refuses, and audits as refused, a change of the acting administrator's own rights (issue 37): one whose
 * rights are changed, or whose second factor is turned off, needs a second administrator to agree. "Own"
 * is the verified token's sub, the same user as the identity provider's; the identity provider is never asked.
 */
export async function refuseOwnRights(audit: UserAuditStore, entry: UserAuditWrite, user: ManagedUser, touchesRights: boolean): Promise<void> {
  if (!touchesRights || user.sub !== entry.actor.sub) return;
  await audit.refused(entry);
  throw new PlatformError(
    'CFG_ERR_USER_SELF_CHANGE',
    'you cannot change your own role, customer, modules or MFA, nor disable yourself: ask another administrator',
  );
}
