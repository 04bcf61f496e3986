import type { FastifyBaseLogger } from 'fastify';
import type { ManagedUser, ManagedUserList } from '@platform/schemas';
import { isPlatformError } from '../../errors.ts';
import type { DirectoryEntry, UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { managedUserOf } from '../../users/directoryEntries.ts';
import type { UserPoolAdmin } from '../../users/userPoolAdmin.ts';
import { decodeAfterCursor, encodeAfterCursor } from '../pageCursor.ts';

/** How many MFA states of one page are asked of the pool at once: well inside Cognito's UserRead quota, which sign-in's MFA look-ups share. */
const MFA_READS_AT_ONCE = 4;
/** The longest part of a users cursor: an e-mail key (the directory holds 320 characters at most) or a username (128). */
const CURSOR_PART_LENGTH = 320;

export interface UsersPageQuery {
  customerId?: string;
  query?: string;
  limit: number;
  cursor?: string;
}

/**
 * The MFA state of a page's users the directory does not know yet, asked of the pool (AdminGetUser,
 * a few at once) and recorded, so it is asked once per user. A user the pool no longer has leaves the
 * directory and the page; a read that fails otherwise leaves the state unknown (shown as the claim says)
 * for the next page load to ask again.
 */
async function withMfaKnown(
  entries: DirectoryEntry[],
  { pool, directory, signal, log }: { pool: UserPoolAdmin; directory: UserDirectoryStore; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<DirectoryEntry[]> {
  const unknown = entries.filter((e) => e.mfaSetUp === null);
  const gone = new Set<string>();
  for (let i = 0; i < unknown.length && !signal.aborted; i += MFA_READS_AT_ONCE) {
    await Promise.all(
      unknown.slice(i, i + MFA_READS_AT_ONCE).map(async (entry) => {
        try {
          entry.mfaSetUp = (await pool.get(entry.username, signal)).mfa === 'set-up';
          await directory.mfaRead(entry.username, entry.mfaSetUp);
        } catch (error) {
          if (isPlatformError(error) && error.code === 'CFG_ERR_USER_NOT_FOUND') {
            gone.add(entry.username);
            await directory.removed(entry.username);
          } else log.warn({ err: error, username: entry.username }, "user's MFA state not read; listed as their claim says");
        }
      }),
    );
  }
  return entries.filter((e) => !gone.has(e.username));
}

/**
 * One page of the directory as the user-management API lists it (issue 37, decision 0091): one index
 * range of the platform's database, and at most one pool read per user of the page whose MFA state is
 * not known yet; never a read of the pool per user of the pool.
 */
export async function usersPage(
  { customerId, query, limit, cursor }: UsersPageQuery,
  services: { pool: UserPoolAdmin; directory: UserDirectoryStore; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<ManagedUserList> {
  const after = cursor === undefined ? undefined : (decodeAfterCursor(cursor, 2, CURSOR_PART_LENGTH) as [string, string]);
  const page = await services.directory.page({ customerId, query, limit, after });
  const users: ManagedUser[] = (await withMfaKnown(page.entries, services)).map(managedUserOf);
  return { users, nextCursor: page.next ? encodeAfterCursor(page.next) : null };
}
