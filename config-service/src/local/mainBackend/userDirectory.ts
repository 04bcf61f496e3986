import type { MainUserList } from '@platform/schemas';
import type { UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { managedUserOf } from '../../users/directoryEntries.ts';

export type DirectoryUser = MainUserList['users'][number];

/** Where the stand-in finds the users: the platform's user directory (decision 0085), not the pool. */
export type UserDirectory = Pick<UserDirectoryStore, 'page'>;

/** How many users one read of the directory takes: the largest page the store is asked for anywhere. */
const PAGE = 200;

/**
 * A customer's users (or, with none named, everyone), read from the user directory a page at a time, in
 * e-mail order (issue 37, decision 0091): one index range a page, and no call to the identity provider.
 * The claim is read as the platform reads it (decision 0082); an MFA state the directory does not know
 * yet is listed as the claim says (required or off), until the staff's list or a reconciliation asks.
 */
export async function directoryUsers(directory: UserDirectory, customer?: string): Promise<DirectoryUser[]> {
  const users: DirectoryUser[] = [];
  let after: [string, string] | undefined;
  do {
    const page = await directory.page({ customerId: customer, limit: PAGE, after });
    for (const entry of page.entries) {
      const { username, email, givenName, familyName, role, customerId, mfa, status, enabled } = managedUserOf(entry);
      users.push({ username, email, givenName, familyName, role, customerId, mfa, status, enabled });
    }
    after = page.next ?? undefined;
  } while (after);
  return users;
}
