// Test support: the identity provider's admin API of a local pool (cognito-local takes any credentials), and
// users made straight in it, as the pool's console, self sign-up or a migration would make them.
import { AdminCreateUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** The AWS SDK's client of the pool cognito-local serves at `upstream`. */
export const localPoolClient = (upstream: string) =>
  new CognitoIdentityProviderClient({ endpoint: upstream, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

/** Makes each user in the pool (no invitation sent), `atOnce` calls at a time. */
export async function madeInPool(
  client: Pick<CognitoIdentityProviderClient, 'send'>,
  userPoolId: string,
  users: readonly { email: string; givenName?: string; customAuth: string }[],
  atOnce = 10,
): Promise<void> {
  for (let i = 0; i < users.length; i += atOnce) {
    await Promise.all(
      users.slice(i, i + atOnce).map((user) =>
        client.send(
          new AdminCreateUserCommand({
            UserPoolId: userPoolId,
            Username: user.email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: user.email },
              ...(user.givenName ? [{ Name: 'given_name', Value: user.givenName }] : []),
              { Name: 'custom:auth', Value: user.customAuth },
            ],
          }),
        ),
      ),
    );
  }
}
