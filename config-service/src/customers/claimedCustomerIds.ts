import { ListUsersCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { isCustomerId, readAuthClaimText } from '@platform/schemas';
import { PlatformError } from '../errors.ts';

/** The customer ids users' claims name, with how many users name each, from the first `usersRead` users of the pool. */
export interface ClaimedCustomers {
  counts: ReadonlyMap<string, number>;
  usersRead: number;
  /** False when the pool holds more users than one reading takes. */
  complete: boolean;
}

/** Where the customer ids in users' claims are read: the user pool. */
export interface ClaimedCustomerIds {
  read(): Promise<ClaimedCustomers>;
}

/** How many users one reading takes: 100 ListUsers calls of 60, a few seconds within Cognito's default quota. */
const MAX_USERS = 6_000;
/** How long a reading is reused: the operators' screen asks on every visit, and pools change slowly. */
const REUSE_MS = 60_000;

/**
 * The customer id a `custom:auth` value names, as the platform reads it (decision 0082: in lower case,
 * none for staff or for a claim it refuses), and only if that is a customer id (anything else cannot be
 * added as a customer). See decision 0050.
 */
export function claimedCustomerId(customAuth: string | undefined): string | undefined {
  const reading = readAuthClaimText(customAuth);
  const id = reading.kind === 'read' ? reading.claim.customerId : undefined;
  return id && isCustomerId(id) ? id : undefined;
}

/**
 * Reads the `custom:auth` attribute of the pool's users (ListUsers, that attribute only) and counts the
 * customer ids named. A reading is shared by the requests that ask meanwhile and reused for a minute.
 */
export function cognitoClaimedCustomerIds(
  client: Pick<CognitoIdentityProviderClient, 'send'>,
  userPoolId: string,
  { maxUsers = MAX_USERS, now = Date.now } = {},
): ClaimedCustomerIds {
  let last: { at: number; reading: Promise<ClaimedCustomers> } | undefined;
  const readPool = async (): Promise<ClaimedCustomers> => {
    const counts = new Map<string, number>();
    let usersRead = 0;
    let token: string | undefined;
    try {
      do {
        const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token, Limit: 60, AttributesToGet: ['custom:auth'] }));
        for (const user of page.Users ?? []) {
          usersRead += 1;
          const id = claimedCustomerId(user.Attributes?.find((a) => a.Name === 'custom:auth')?.Value);
          if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        token = page.PaginationToken;
      } while (token && usersRead < maxUsers);
    } catch (error) {
      throw new PlatformError('CFG_ERR_IDENTITY_PROVIDER', undefined, { cause: error });
    }
    return { counts, usersRead, complete: !token };
  };
  return {
    read() {
      if (!last || now() - last.at > REUSE_MS) {
        const reading = readPool();
        last = { at: now(), reading };
        // A failed reading is not reused: the next request tries again.
        reading.catch(() => last?.reading === reading && (last = undefined));
      }
      return last.reading;
    },
  };
}
