// How `npm run manifests:publish` gets a staff user's ID token: given one, or signing in with an email
// and password at the user pool the service itself names, as the web app does.
import { isDemoOrLocal, type PublicConfig } from '@platform/schemas';
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

/** Where InitiateAuth goes: the service's own endpoint (a path, relative to it) or the AWS region's. */
export function userPoolEndpoint(base: string, auth: PublicConfig['auth']): string {
  return auth.userPoolEndpoint ? new URL(auth.userPoolEndpoint, base).href : `https://cognito-idp.${auth.region}.amazonaws.com/`;
}

/**
 * PLATFORM_ID_TOKEN when set; else PLATFORM_EMAIL and PLATFORM_PASSWORD through Cognito's
 * USER_PASSWORD_AUTH; else, only where the service says it is local or demo, the demo staff account.
 */
export async function signIn(base: string, config: PublicConfig, env: NodeJS.ProcessEnv = process.env): Promise<SignedIn> {
  if (env.PLATFORM_ID_TOKEN) return { token: env.PLATFORM_ID_TOKEN, how: 'with the ID token in PLATFORM_ID_TOKEN', demo: false };
  if (env.PLATFORM_EMAIL || env.PLATFORM_PASSWORD) {
    if (!env.PLATFORM_EMAIL || !env.PLATFORM_PASSWORD) throw new SignInError('set both PLATFORM_EMAIL and PLATFORM_PASSWORD (or PLATFORM_ID_TOKEN)');
    return { token: await passwordSignIn(base, config, env.PLATFORM_EMAIL, env.PLATFORM_PASSWORD), how: `as ${env.PLATFORM_EMAIL}`, demo: false };
  }
  if (!isDemoOrLocal(config.environment)) {
    throw new SignInError(
      `the service at ${base} runs in environment '${config.environment}': set PLATFORM_ID_TOKEN, or PLATFORM_EMAIL and PLATFORM_PASSWORD, of a staff user`,
    );
  }
  return { token: await passwordSignIn(base, config, DEMO_STAFF.email, DEMO_STAFF.password), how: `as ${DEMO_STAFF.email}`, demo: true };
}

interface InitiateAuthAnswer {
  AuthenticationResult?: { IdToken?: string };
  ChallengeName?: string;
}

async function passwordSignIn(base: string, config: PublicConfig, email: string, password: string): Promise<string> {
  const endpoint = userPoolEndpoint(base, config.auth);
  let response: Response;
  try {
    response = await request(endpoint, `signing in as ${email}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.auth.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } },
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
