import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  ListUsersCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ManagedUser } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { toManagedUser, type PoolUser } from './managedUser.ts';

/** The identity provider's administration of its users, as the user-management API needs it. */
export interface UserPoolAdmin {
  list(): Promise<ManagedUser[]>;
  get(username: string): Promise<ManagedUser>;
  /** Creates the account; the identity provider sends the invitation with a temporary password. */
  invite(email: string, attributes: AttributeType[]): Promise<ManagedUser>;
  update(username: string, attributes: AttributeType[]): Promise<void>;
  disable(username: string): Promise<void>;
  enable(username: string): Promise<void>;
  /** Turns every second factor off: the user sets one up again where their claim requires it. */
  resetMfa(username: string): Promise<void>;
  /** Sends the invitation again, with a new temporary password; only while the user has not signed in. */
  resendInvitation(username: string): Promise<void>;
}

/**
 * What the identity provider's refusal means to an administrator. A client fault (the account exists, a
 * parameter it refuses, a state the step does not suit, a permission the service lacks) is the
 * administrator's to read, with the provider's own words; anything else is the provider being unavailable.
 */
function refusal(error: unknown, action: string): PlatformError {
  const { name = '', message = '', $fault } = error as { name?: string; message?: string; $fault?: string };
  if (name === 'UsernameExistsException' || name === 'AliasExistsException')
    return new PlatformError('CFG_ERR_USER_EXISTS', `cannot ${action}: a user with this e-mail address already exists`, { cause: error });
  if (name === 'UserNotFoundException')
    return new PlatformError('CFG_ERR_USER_NOT_FOUND', `cannot ${action}: the identity provider has no such user`, { cause: error });
  if ($fault === 'client' && name && !/Throttl|TooManyRequests/.test(name))
    return new PlatformError('CFG_ERR_IDENTITY_PROVIDER_REFUSED', `cannot ${action}: ${message || name}`, {
      cause: error,
      extensions: { providerError: name },
    });
  return new PlatformError('CFG_ERR_IDENTITY_PROVIDER', undefined, { cause: error });
}

/** How many AdminGetUser calls run at once while listing: well inside Cognito's default UserRead quota. */
const READS_AT_ONCE = 8;

/**
 * A Cognito user pool's admin API (or the local emulator's), called with the service's own credentials.
 * Listing reads each user with AdminGetUser too, since ListUsers does not say which MFA methods are set up.
 */
export function cognitoUserPoolAdmin(client: Pick<CognitoIdentityProviderClient, 'send'>, userPoolId: string): UserPoolAdmin {
  const call = async <T>(action: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw refusal(error, action);
    }
  };
  const read = async (username: string): Promise<ManagedUser> => {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return toManagedUser({ ...user, Attributes: user.UserAttributes });
  };
  const orGone = (username: string) =>
    read(username).catch((error: { name?: string }) => {
      // Deleted between the two calls: no longer a user.
      if (error.name === 'UserNotFoundException') return undefined;
      throw error;
    });
  const pool = { UserPoolId: userPoolId };
  return {
    list: () =>
      call('list the users', async () => {
        const users: ManagedUser[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListUsersCommand({ ...pool, PaginationToken: token, Limit: 60 }));
          const listed = (page.Users ?? []).map((u) => u.Username ?? '');
          for (let i = 0; i < listed.length; i += READS_AT_ONCE) {
            for (const user of await Promise.all(listed.slice(i, i + READS_AT_ONCE).map(orGone))) if (user) users.push(user);
          }
          token = page.PaginationToken;
        } while (token);
        return users;
      }),
    get: (username) => call('read the user', () => read(username)),
    invite: (email, attributes) =>
      call('invite the user', async () => {
        const created = await client.send(
          new AdminCreateUserCommand({
            ...pool,
            Username: email,
            // Invited by an administrator, who typed the address: it counts as verified, so the user can reset a forgotten password.
            UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }, ...attributes],
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
        return toManagedUser(created.User as PoolUser);
      }),
    update: (username, attributes) =>
      call('change the user', async () => {
        await client.send(new AdminUpdateUserAttributesCommand({ ...pool, Username: username, UserAttributes: attributes }));
      }),
    disable: (username) =>
      call('disable the user', async () => {
        await client.send(new AdminDisableUserCommand({ ...pool, Username: username }));
      }),
    enable: (username) =>
      call('enable the user', async () => {
        await client.send(new AdminEnableUserCommand({ ...pool, Username: username }));
      }),
    resetMfa: (username) =>
      call("reset the user's MFA", async () => {
        await client.send(
          new AdminSetUserMFAPreferenceCommand({
            ...pool,
            Username: username,
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
            SMSMfaSettings: { Enabled: false, PreferredMfa: false },
          }),
        );
        // Apart: a pool without email MFA (it needs SES and the Essentials tier) refuses the whole call
        // when it names email, and then no user of it has email MFA to turn off.
        await client
          .send(new AdminSetUserMFAPreferenceCommand({ ...pool, Username: username, EmailMfaSettings: { Enabled: false, PreferredMfa: false } }))
          .catch((error: { name?: string }) => {
            if (error.name !== 'InvalidParameterException') throw error;
          });
      }),
    resendInvitation: (username) =>
      call('send the invitation again', async () => {
        await client.send(new AdminCreateUserCommand({ ...pool, Username: username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }));
      }),
  };
}
