import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  type AttributeType,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { ManagedUser } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { toManagedUser, type PoolUser } from './managedUser.ts';

/**
 * The identity provider's administration of its users, as the user-management API needs it: one user
 * at a time (the lists read the user directory, decision 0091). `signal` is the request's: when the
 * client goes away, the calls it started stop.
 */
export interface UserPoolAdmin {
  get(username: string, signal?: AbortSignal): Promise<ManagedUser>;
  /** Creates the account; the identity provider sends the invitation with a temporary password. */
  invite(email: string, attributes: AttributeType[], signal?: AbortSignal): Promise<ManagedUser>;
  update(username: string, attributes: AttributeType[], signal?: AbortSignal): Promise<void>;
  disable(username: string, signal?: AbortSignal): Promise<void>;
  enable(username: string, signal?: AbortSignal): Promise<void>;
  /** Revokes every refresh token the user holds (global sign-out): their sessions end when their ID tokens do. */
  signOut(username: string, signal?: AbortSignal): Promise<void>;
  /** Turns every second factor off: the user sets one up again where their claim requires it. */
  resetMfa(username: string, signal?: AbortSignal): Promise<void>;
  /** Sends the invitation again, with a new temporary password; only while the user has not signed in. */
  resendInvitation(username: string, signal?: AbortSignal): Promise<void>;
}

/** How long one call to the pool's admin API may take before the administrator is told it did not answer. */
const POOL_CALL_TIMEOUT_MS = 10_000;

/**
 * What the identity provider's refusal means to an administrator. A client fault (the account exists, a
 * parameter it refuses, a state the step does not suit, a permission the service lacks) is the
 * administrator's to read, with the provider's own words; anything else is the provider being unavailable.
 */
function refusal(error: unknown, action: string, timedOut: boolean): PlatformError {
  if (timedOut)
    return new PlatformError('CFG_ERR_IDENTITY_PROVIDER_TIMEOUT', `cannot ${action}: the identity provider did not answer in time`, { cause: error });
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

/**
 * A Cognito user pool's admin API (or the local emulator's), called with the service's own credentials.
 * Each step (with its SDK retries) is bounded by `timeoutMs`, and ends early when the request's signal aborts.
 */
export function cognitoUserPoolAdmin(
  client: Pick<CognitoIdentityProviderClient, 'send'>,
  userPoolId: string,
  { timeoutMs = POOL_CALL_TIMEOUT_MS }: { timeoutMs?: number } = {},
): UserPoolAdmin {
  /** Runs one step with a signal that aborts at the timeout or when the request's does; its error as a PlatformError. */
  const call = async <T>(action: string, signal: AbortSignal | undefined, work: (abortSignal: AbortSignal) => Promise<T>): Promise<T> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      return await work(signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (error) {
      throw refusal(error, action, timeout.aborted);
    }
  };
  const read = async (username: string, abortSignal: AbortSignal): Promise<ManagedUser> => {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }), { abortSignal });
    return toManagedUser({ ...user, Attributes: user.UserAttributes });
  };
  const pool = { UserPoolId: userPoolId };
  return {
    get: (username, signal) => call('read the user', signal, (abortSignal) => read(username, abortSignal)),
    invite: (email, attributes, signal) =>
      call('invite the user', signal, async (abortSignal) => {
        const created = await client.send(
          new AdminCreateUserCommand({
            ...pool,
            Username: email,
            // Invited by an administrator, who typed the address: it counts as verified, so the user can reset a forgotten password.
            UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }, ...attributes],
            DesiredDeliveryMediums: ['EMAIL'],
          }),
          { abortSignal },
        );
        return toManagedUser(created.User as PoolUser);
      }),
    update: (username, attributes, signal) =>
      call('change the user', signal, async (abortSignal) => {
        await client.send(new AdminUpdateUserAttributesCommand({ ...pool, Username: username, UserAttributes: attributes }), { abortSignal });
      }),
    disable: (username, signal) =>
      call('disable the user', signal, async (abortSignal) => {
        await client.send(new AdminDisableUserCommand({ ...pool, Username: username }), { abortSignal });
      }),
    enable: (username, signal) =>
      call('enable the user', signal, async (abortSignal) => {
        await client.send(new AdminEnableUserCommand({ ...pool, Username: username }), { abortSignal });
      }),
    signOut: (username, signal) =>
      call('sign the user out everywhere', signal, async (abortSignal) => {
        await client.send(new AdminUserGlobalSignOutCommand({ ...pool, Username: username }), { abortSignal });
      }),
    resetMfa: (username, signal) =>
      call("reset the user's MFA", signal, async (abortSignal) => {
        await client.send(
          new AdminSetUserMFAPreferenceCommand({
            ...pool,
            Username: username,
            SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
            SMSMfaSettings: { Enabled: false, PreferredMfa: false },
          }),
          { abortSignal },
        );
        // Apart: a pool without email MFA (it needs SES and the Essentials tier) refuses the whole call
        // when it names email, and then no user of it has email MFA to turn off.
        await client
          .send(new AdminSetUserMFAPreferenceCommand({ ...pool, Username: username, EmailMfaSettings: { Enabled: false, PreferredMfa: false } }), {
            abortSignal,
          })
          .catch((error: { name?: string }) => {
            if (error.name !== 'InvalidParameterException') throw error;
          });
      }),
    resendInvitation: (username, signal) =>
      call('send the invitation again', signal, async (abortSignal) => {
        await client.send(new AdminCreateUserCommand({ ...pool, Username: username, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }), {
          abortSignal,
        });
      }),
  };
}
