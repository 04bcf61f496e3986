import { DescribeUserPoolCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { PublicConfig } from '@platform/schemas';

type PasswordPolicy = NonNullable<PublicConfig['auth']['passwordPolicy']>;

/**
 * The user pool's password rules as the browser is told them, read once at start-up; null when the
 * pool cannot be read (no `cognito-idp:DescribeUserPool` right, or a pool without a policy), and the
 * web app then shows a new pool's defaults. Amplify itself does not expose the pool's rules.
 */
export async function poolPasswordPolicy(
  client: Pick<CognitoIdentityProviderClient, 'send'>,
  userPoolId: string,
  warn: (message: string) => void,
): Promise<PasswordPolicy | null> {
  try {
    const policy = (await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }))).UserPool?.Policies?.PasswordPolicy;
    if (!policy) return null;
    return {
      minLength: policy.MinimumLength ?? 8,
      requireLowercase: policy.RequireLowercase ?? false,
      requireUppercase: policy.RequireUppercase ?? false,
      requireNumbers: policy.RequireNumbers ?? false,
      requireSymbols: policy.RequireSymbols ?? false,
    };
  } catch (error) {
    warn(`the user pool's password rules could not be read (${(error as Error).name}); the sign-in forms show a new pool's defaults`);
    return null;
  }
}
