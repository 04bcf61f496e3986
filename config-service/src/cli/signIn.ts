// How `npm run manifests:publish` gets a staff user's ID token: given one, or signing in with an email
// and password at the user pool the command's own settings name (decision 0044). The service's public
// configuration says which pool it trusts, but anyone answering at --url can say anything: a password
// goes only where the person running the command said, and only if the service trusts that pool too.
import { isAwsRegion, isDemoOrLocal, type PublicConfig } from '@platform/schemas';
import { safeForCredentials } from './publishArgs.ts';
import { request, ServiceAnswerError } from './releasesClient.ts';

/** The demo staff account every local and demo deployment has (README, "Demo accounts"). */
export const DEMO_STAFF = { email: 'staff@demo.local', password: 'Demo-Passw0rd!' } as const;

/** Signing in failed: no credentials, refused ones, or a challenge a script cannot answer. */
export class SignInError extends Error {
  override name = 'SignInError';
}

export interface SignedIn {
  token: string;
  /** How, for the output: `as <email>`, or `with the ID token in PLATFORM_ID_TOKEN`. */
  how: string;
  /** Whether the demo staff account was used because nothing else was given. */
  demo: boolean;
}

/** A user pool's app client and where its InitiateAuth is answered. */
export interface UserPool {
  userPoolId: string;
  clientId: string;
  endpoint: string;
}

/**
 * The user pool PLATFORM_USER_POOL_ID, PLATFORM_USER_POOL_CLIENT_ID and (optionally)
 * PLATFORM_USER_POOL_ENDPOINT name: AWS's endpoint of the pool's region unless another is given.
 */
export function userPoolFromSettings(env: NodeJS.ProcessEnv): UserPool {
  const userPoolId = env.PLATFORM_USER_POOL_ID ?? '';
  const clientId = env.PLATFORM_USER_POOL_CLIENT_ID ?? '';
  if (!userPoolId || !clientId)
    throw new SignInError(
      "a password is sent only to the user pool this command is told of: set PLATFORM_USER_POOL_ID and PLATFORM_USER_POOL_CLIENT_ID (the deployment's COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID), or pass PLATFORM_ID_TOKEN",
    );
  const given = env.PLATFORM_USER_POOL_ENDPOINT;
  if (given) {
    let endpoint: URL;
    try {
      endpoint = new URL(given);
    } catch {
      throw new SignInError(`PLATFORM_USER_POOL_ENDPOINT: not an address: ${given}`);
    }
    if (!safeForCredentials(endpoint))
      throw new SignInError(`PLATFORM_USER_POOL_ENDPOINT: ${given} is not https: the password would cross the network in clear (http only on this machine)`);
    return { userPoolId, clientId, endpoint: endpoint.href };
  }
  // Cognito names a pool after its region; nothing else may become part of a host name.
  const region = userPoolId.split('_')[0] ?? '';
  if (!isAwsRegion(region)) throw new SignInError(`PLATFORM_USER_POOL_ID: '${userPoolId}' does not start with an AWS region (e.g. eu-west-1_AbC123)`);
  return { userPoolId, clientId, endpoint: `https://cognito-idp.${region}.amazonaws.com/` };
}

/** The pool the service names, for the demo account only: its password is published, so nothing is lost. */
function servicePool(base: string, auth: PublicConfig['auth']): UserPool {
  return {
    userPoolId: auth.userPoolId,
    clientId: auth.userPoolClientId,
    endpoint: auth.userPoolEndpoint ? new URL(auth.userPoolEndpoint, base).href : `https://cognito-idp.${auth.region}.amazonaws.com/`,
  };
}

/**
 * PLATFORM_ID_TOKEN when set; else PLATFORM_EMAIL and PLATFORM_PASSWORD through Cognito's
 * USER_PASSWORD_AUTH at the pool of this command's settings; else, only where the service says it is
 * local or demo, the demo staff account.
 */
export async function signIn(base: string, config: PublicConfig, env: NodeJS.ProcessEnv = process.env): Promise<SignedIn> {
  if (env.PLATFORM_ID_TOKEN) return { token: env.PLATFORM_ID_TOKEN, how: 'with the ID token in PLATFORM_ID_TOKEN', demo: false };
  if (env.PLATFORM_EMAIL || env.PLATFORM_PASSWORD) {
    if (!env.PLATFORM_EMAIL || !env.PLATFORM_PASSWORD) throw new SignInError('set both PLATFORM_EMAIL and PLATFORM_PASSWORD (or PLATFORM_ID_TOKEN)');
    const pool = userPoolFromSettings(env);
    // Told apart before the password leaves: the service would refuse a token of another pool anyway,
    // and a service naming another pool is misconfigured or not the one meant.
    if (pool.userPoolId !== config.auth.userPoolId || pool.clientId !== config.auth.userPoolClientId)
      throw new SignInError(
        `the service at ${base} trusts user pool ${config.auth.userPoolId} (client ${config.auth.userPoolClientId}), not the ${pool.userPoolId} (client ${pool.clientId}) of PLATFORM_USER_POOL_ID and PLATFORM_USER_POOL_CLIENT_ID: no password sent`,
      );
    return { token: await passwordSignIn(pool, env.PLATFORM_EMAIL, env.PLATFORM_PASSWORD), how: `as ${env.PLATFORM_EMAIL}`, demo: false };
  }
  if (!isDemoOrLocal(config.environment)) {
    throw new SignInError(
      `the service at ${base} runs in environment '${config.environment}': set PLATFORM_ID_TOKEN, or PLATFORM_EMAIL and PLATFORM_PASSWORD (with PLATFORM_USER_POOL_ID and PLATFORM_USER_POOL_CLIENT_ID), of a staff user`,
    );
  }
  return { token: await passwordSignIn(servicePool(base, config.auth), DEMO_STAFF.email, DEMO_STAFF.password), how: `as ${DEMO_STAFF.email}`, demo: true };
}

interface InitiateAuthAnswer {
  AuthenticationResult?: { IdToken?: string };
  ChallengeName?: string;
}

async function passwordSignIn(pool: UserPool, email: string, password: string): Promise<string> {
  const endpoint = pool.endpoint;
  let response: Response;
  try {
    response = await request(endpoint, `signing in as ${email}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } },
    });
  } catch (error) {
    // Cognito answers errors as { __type, message }, not problem+json.
    if (error instanceof ServiceAnswerError) {
      const cognito = error.problem as { __type?: string; message?: string };
      throw new SignInError(
        `signing in as ${email} at ${endpoint}: ${error.status} ${cognito.message ?? error.problem.detail ?? ''}${cognito.__type ? ` (${cognito.__type})` : ''}`,
        { cause: error },
      );
    }
    throw error;
  }
  const answer = (await response.json()) as InitiateAuthAnswer;
  if (answer.ChallengeName) {
    throw new SignInError(
      `signing in as ${email}: the user pool asks for ${answer.ChallengeName}, which a script cannot answer; sign in elsewhere and pass the ID token in PLATFORM_ID_TOKEN`,
    );
  }
  const token = answer.AuthenticationResult?.IdToken;
  if (!token) throw new SignInError(`signing in as ${email}: the user pool answered no ID token`);
  return token;
}
