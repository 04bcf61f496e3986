import type { ManagedUser } from '@platform/schemas';
import type { DirectoryEntry } from '../store/userDirectoryStore.ts';
import { claimTextOf, toManagedUser, type PoolUser } from './managedUser.ts';

/**
 * A directory entry as the pool would describe the account: read by the one `toManagedUser`, so the
 * claim is read as everywhere else and a change made from it keeps what it was written as (decision 0082).
 * An MFA state not known yet reads as none set up; the list asks the pool for it first (decision 0091).
 */
export function managedUserOf(entry: DirectoryEntry): ManagedUser {
  const pooled: PoolUser = {
    Username: entry.username,
    UserStatus: entry.status,
    Enabled: entry.enabled,
    UserMFASettingList: entry.mfaSetUp ? ['SOFTWARE_TOKEN_MFA'] : [],
    Attributes: [
      { Name: 'sub', Value: entry.sub },
      { Name: 'email', Value: entry.email },
      { Name: 'given_name', Value: entry.givenName },
      { Name: 'family_name', Value: entry.familyName },
      ...(entry.customAuth === null ? [] : [{ Name: 'custom:auth', Value: entry.customAuth }]),
    ],
  };
  return toManagedUser(pooled);
}

/**
 * A user just read from the pool (or created there) as the directory writes it through: the claim as
 * the pool holds it, and the MFA state the read said (a new account has none).
 */
export const directoryEntryOf = (user: ManagedUser): DirectoryEntry => ({
  username: user.username,
  sub: user.sub,
  email: user.email,
  givenName: user.givenName,
  familyName: user.familyName,
  customAuth: claimTextOf(user),
  status: user.status,
  enabled: user.enabled,
  mfaSetUp: user.mfa === 'set-up',
});
