import { AdminGetUserCommand, ListUsersCommand, type CognitoIdentityProviderClient, type AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import type { MainUserList } from '@platform/schemas';

export type DirectoryUser = MainUserList['users'][number];

/** Where the users of the platform are: the identity provider. */
export interface UserDirectory {
  listUsers(): Promise<DirectoryUser[]>;
}

/** The role, customer and MFA requirement a user's custom:auth attribute names; nothing when it is missing or malformed. */
function authOf(value: string | undefined): { role: string | null; customerId: string | null; requireMFA: boolean } {
  try {
    const auth = value ? (JSON.parse(value) as Record<string, unknown>) : {};
    return {
      role: typeof auth.role === 'string' && auth.role ? auth.role : null,
      customerId: typeof auth.customerId === 'string' && auth.customerId ? auth.customerId : null,
      requireMFA: auth.requireMFA === true,
    };
  } catch {
    return { role: null, customerId: null, requireMFA: false };
  }
}

/** One identity-provider user as the users API shows it. */
export function toDirectoryUser(user: { Username?: string; Attributes?: AttributeType[]; UserStatus?: string; Enabled?: boolean }, mfaMethods: readonly string[]): DirectoryUser {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const auth = authOf(attribute('custom:auth'));
  return {
    username: user.Username ?? '',
    email: attribute('email') ?? '',
    givenName: attribute('given_name') ?? '',
    familyName: attribute('family_name') ?? '',
    role: auth.role,
    customerId: auth.customerId,
    mfa: mfaMethods.length ? 'set-up' : auth.requireMFA ? 'required' : 'off',
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled ?? true,
  };
}

/**
 * The users of a Cognito user pool (or the local emulator). ListUsers does not say which MFA methods a
 * user has set up, so each user is also read with AdminGetUser; fine for the pools this platform serves,
 * a per-customer index would be the next step for very large ones.
 */
export function cognitoUserDirectory(client: Pick<CognitoIdentityProviderClient, 'send'>, userPoolId: string): UserDirectory {
  return {
    async listUsers() {
      const users: DirectoryUser[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, PaginationToken: token, Limit: 60 }));
        for (const user of page.Users ?? []) {
          const detail = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user.Username }));
          users.push(toDirectoryUser(user, detail.UserMFASettingList ?? []));
        }
        token = page.PaginationToken;
      } while (token);
      return users;
    },
  };
}
