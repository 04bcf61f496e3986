import {
  AdminGetUserCommand,
  ListUsersCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { readAuthClaimText, type MainUserList } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { hasMfaSetUp } from '../../identity/cognitoMfaLookup.ts';

export type DirectoryUser = MainUserList['users'][number];

/** Where the users of the platform are: the identity provider. */
export interface UserDirectory {
  listUsers(): Promise<DirectoryUser[]>;
}

/** The role, customer and MFA requirement a user's custom:auth attribute names, as the platform reads it (decision 0082); nothing when it is missing or refused. */
function authOf(value: string | undefined): { role: string | null; customerId: string | null; requireMFA: boolean } {
  const reading = readAuthClaimText(value);
  if (reading.kind !== 'read') return { role: null, customerId: null, requireMFA: false };
  return { role: reading.claim.role, customerId: reading.claim.customerId ?? null, requireMFA: reading.claim.requireMFA === true };
}

/** One identity-provider user as the users API shows it; `mfaMethods` are the methods set up (AdminGetUser's UserMFASettingList). */
function toDirectoryUser(
  user: { Username?: string; Attributes?: AttributeType[]; UserStatus?: string; Enabled?: boolean; MFAOptions?: unknown[] },
  mfaMethods: readonly string[],
): DirectoryUser {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const auth = authOf(attribute('custom:auth'));
  const mfaSetUp = hasMfaSetUp({ UserMFASettingList: mfaMethods, MFAOptions: user.MFAOptions });
  return {
    username: user.Username ?? '',
    email: attribute('email') ?? '',
    givenName: attribute('given_name') ?? '',
    familyName: attribute('family_name') ?? '',
    role: auth.role,
    customerId: auth.customerId,
    mfa: mfaSetUp ? 'set-up' : auth.requireMFA ? 'required' : 'off',
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled ?? true,
  };
}

/** How many AdminGetUser calls run at once: well inside Cognito's default UserRead quota (120 per second), whose throttling the SDK retries. */
const READS_AT_ONCE = 8;

/**
 * The users of a Cognito user pool (or the local emulator). Neither Cognito's nor cognito-local's
 * ListUsers says which MFA methods a user has set up, so each user is also read with AdminGetUser; fine
 * for the pools this platform serves, a per-customer index would be the next step for very large ones.
 * Nothing is cached: users change in the pool, not here.
 */
export function cognitoUserDirectory(client: Pick<CognitoIdentityProviderClient, 'send'>, userPoolId: string): UserDirectory {
  const withMfa = async (user: UserType): Promise<DirectoryUser | undefined> => {
    try {
      const detail = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.Username }));
      return toDirectoryUser(user, detail.UserMFASettingList ?? []);
    } catch (error) {
      // Deleted between the two calls: no longer a user.
      if ((error as { name?: string }).name === 'UserNotFoundException') return undefined;
      throw error;
    }
  };
  return {
    async listUsers() {
      const users: DirectoryUser[] = [];
      let token: string | undefined;
      try {
        do {
          const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token, Limit: 60 }));
          const listed = page.Users ?? [];
          for (let i = 0; i < listed.length; i += READS_AT_ONCE) {
            for (const user of await Promise.all(listed.slice(i, i + READS_AT_ONCE).map(withMfa))) if (user) users.push(user);
          }
          token = page.PaginationToken;
        } while (token);
      } catch (error) {
        throw new PlatformError('CFG_ERR_IDENTITY_PROVIDER', undefined, { cause: error });
      }
      return users;
    },
  };
}
