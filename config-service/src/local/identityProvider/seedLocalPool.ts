import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  UpdateUserPoolClientCommand,
  type UpdateUserPoolClientCommandInput,
  type AttributeType,
  type PasswordPolicyType,
} from '@aws-sdk/client-cognito-identity-provider';
import { StartupError } from '../../errors.ts';
import { WEB_APP_READ_ATTRIBUTES, WEB_APP_WRITE_ATTRIBUTES } from '../../identity/appClientAttributes.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, INVITED_DEMO_ACCOUNT, type DemoAccount } from '../demoData/demoAccounts.ts';

const LOCAL_POOL_NAME = 'asset-platform-local';
const LOCAL_CLIENT_NAME = 'asset-platform-web';

/** The local pool's password rules: a new pool's defaults, written out so the sign-in screens can show them. */
const LOCAL_PASSWORD_POLICY: PasswordPolicyType = {
  MinimumLength: 8,
  RequireLowercase: true,
  RequireUppercase: true,
  RequireNumbers: true,
  RequireSymbols: true,
  TemporaryPasswordValidityDays: 7,
};

function attributes(account: DemoAccount): AttributeType[] {
  const list: AttributeType[] = [
    { Name: 'email', Value: account.email },
    { Name: 'email_verified', Value: 'true' },
    { Name: 'given_name', Value: account.givenName },
    { Name: 'family_name', Value: account.familyName },
  ];
  const auth = account.unusableAuth ?? (account.auth && JSON.stringify(account.auth));
  if (auth) list.push({ Name: 'custom:auth', Value: auth });
  if (account.meta) list.push({ Name: 'custom:meta', Value: JSON.stringify(account.meta) });
  if (account.smsMfaPhone) list.push({ Name: 'phone_number', Value: account.smsMfaPhone }, { Name: 'phone_number_verified', Value: 'true' });
  return list;
}

/** Where the hosted UI may send the browser back to: the single sign-on page, on each origin. */
export function callbackUrls(webOrigins: readonly string[]): string[] {
  return webOrigins.map((origin) => `${origin}/login/singleSignOn`);
}

/**
 * Creates the user pool, the web app's client and the demo accounts, or brings them back in step
 * with the code when they already exist, so `npm start` is safe to repeat.
 */
export async function seedLocalPool(endpoint: string, webOrigins: readonly string[]): Promise<{ userPoolId: string; clientId: string }> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const pools = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((p) => p.Name === LOCAL_POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: LOCAL_POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OPTIONAL',
        Policies: { PasswordPolicy: LOCAL_PASSWORD_POLICY },
        Schema: [
          { Name: 'auth', AttributeDataType: 'String', Mutable: true },
          { Name: 'meta', AttributeDataType: 'String', Mutable: true },
        ],
      }),
    );
    userPoolId = created.UserPool?.Id;
  }
  if (!userPoolId) throw new StartupError('CFG_LOCAL_IDP_FAILED', 'local identity provider did not create the user pool');

  // The web app's client: no secret (a browser keeps none), password sign-in for the emulator, and
  // the hosted UI's code flow for single sign-on back to the platform's own pages only.
  const client: Omit<UpdateUserPoolClientCommandInput, 'UserPoolId' | 'ClientId'> = {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: ['openid'],
    SupportedIdentityProviders: ['COGNITO'],
    CallbackURLs: callbackUrls(webOrigins),
    LogoutURLs: webOrigins.map((origin) => `${origin}/login`),
    // As a real pool's client must be (decision 0041): the emulator enforces neither list, but the
    // service's readiness check reads them, and the adapter refuses other writes.
    WriteAttributes: [...WEB_APP_WRITE_ATTRIBUTES],
    ReadAttributes: [...WEB_APP_READ_ATTRIBUTES],
  };
  const clients = await cognito.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let clientId = clients.UserPoolClients?.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
  if (clientId) {
    await cognito.send(new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: clientId, ClientName: LOCAL_CLIENT_NAME, ...client }));
  } else {
    const created = await cognito.send(new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: LOCAL_CLIENT_NAME, ...client }));
    clientId = created.UserPoolClient?.ClientId;
  }
  if (!clientId) throw new StartupError('CFG_LOCAL_IDP_FAILED', 'local identity provider did not create the app client');

  const exists = (email: string) =>
    cognito
      .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
      .then(() => true)
      .catch((error: { name?: string }) => {
        if (error.name === 'UserNotFoundException') return false;
        throw error;
      });
  for (const account of DEMO_ACCOUNTS) {
    if (await exists(account.email)) {
      await cognito.send(new AdminUpdateUserAttributesCommand({ UserPoolId: userPoolId, Username: account.email, UserAttributes: attributes(account) }));
    } else {
      await cognito.send(
        new AdminCreateUserCommand({ UserPoolId: userPoolId, Username: account.email, UserAttributes: attributes(account), MessageAction: 'SUPPRESS' }),
      );
    }
    await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email, Password: DEMO_PASSWORD, Permanent: true }));
    if (account.passwordResetRequired) await cognito.send(new AdminResetUserPasswordCommand({ UserPoolId: userPoolId, Username: account.email }));
    // Through the emulator's patched operation (adminTargets.cjs), which also writes the legacy field its SMS challenge reads.
    if (account.smsMfaPhone || account.emailMfa || account.mfaSetUpOffered) {
      await cognito.send(
        new AdminSetUserMFAPreferenceCommand({
          UserPoolId: userPoolId,
          Username: account.email,
          SMSMfaSettings: account.smsMfaPhone ? { Enabled: true, PreferredMfa: true } : { Enabled: false },
          SoftwareTokenMfaSettings: { Enabled: false },
          EmailMfaSettings: account.emailMfa ? { Enabled: true, PreferredMfa: true } : { Enabled: false },
        }),
      );
    }
  }
  // Created once and left alone after: its temporary password is in the log from then on, and a
  // developer who has chosen a new one keeps it.
  if (!(await exists(INVITED_DEMO_ACCOUNT.email))) {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: INVITED_DEMO_ACCOUNT.email,
        UserAttributes: attributes(INVITED_DEMO_ACCOUNT),
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
  }
  cognito.destroy();
  return { userPoolId, clientId };
}
