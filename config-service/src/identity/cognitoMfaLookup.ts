import { AdminGetUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { MfaLookup } from './mfaStatus.ts';

/**
 * Whether an account has a second factor Cognito asks for at sign-in: a method in UserMFASettingList
 * (AdminGetUser), or the older, SMS-only MFAOptions record. The one rule for the MFA lookup, the users
 * lists and the user-management API.
 */
export const hasMfaSetUp = (user: { UserMFASettingList?: readonly string[]; MFAOptions?: readonly unknown[] }): boolean =>
  (user.UserMFASettingList?.length ?? 0) > 0 || (user.MFAOptions?.length ?? 0) > 0;

/**
 * Whether a user of a Cognito user pool (or the local emulator) has MFA on, from AdminGetUser: the
 * methods in UserMFASettingList are the ones Cognito asks for at sign-in; MFAOptions is the older,
 * SMS-only way a pool records it. A secret generated but never verified and enabled counts for nothing.
 * In production this takes the service's own AWS credentials, with `cognito-idp:AdminGetUser` on the pool.
 */
export function cognitoMfaLookup(client: Pick<CognitoIdentityProviderClient, 'send'>, userPoolId: string): MfaLookup {
  return async (username, signal) => {
    try {
      const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }), { abortSignal: signal });
      return hasMfaSetUp(user);
    } catch (error) {
      // Deleted since the token was issued: whatever the token says, no second factor stands behind it.
      if ((error as { name?: string }).name === 'UserNotFoundException') return false;
      throw error;
    }
  };
}
