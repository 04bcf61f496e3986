import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PlatformError } from '../../errors.ts';
import { WEB_APP_WRITE_ATTRIBUTES } from '../../identity/appClientAttributes.ts';
import { ChallengeSessions } from './challengeSessions.ts';
import { localAccessTokens } from './localAccessTokens.ts';
import { missingCode } from './missingCode.ts';

/**
 * The thin adapter between the browser and cognito-local, under our own origin at /idp. The emulator
 * takes any call from anyone (it has no IAM), so the adapter lets through only what the web app's
 * Amplify sends, and closes the emulator's gaps Amplify runs into:
 * - only the operations in BROWSER_OPERATIONS pass, matched on the whole `x-amz-target` (cognito-local
 *   routes on its second dot-separated part, so `…SignUp.x` is SignUp to it): administrators', list
 *   and pool operations are refused, as a real pool refuses them without IAM credentials;
 * - a browser may write only the attributes the web app's client may write (WEB_APP_WRITE_ATTRIBUTES):
 *   the role and customer live in `custom:auth`, and the emulator enforces no write attributes;
 * - GetTokensFromRefreshToken (Amplify 6.22 refreshes with it) becomes REFRESH_TOKEN_AUTH;
 * - an operation acting for a signed-in user passes only with an access token the local pool issued to the
 *   web app and that has not expired (localAccessTokens): the emulator only decodes it;
 * - GlobalSignOut is acknowledged (the emulator has none; tokens simply expire);
 * - a confirmation (ConfirmSignUp, ConfirmForgotPassword) or a challenge answered with a code passes only with a
 *   code (missingCode): the emulator compares the code given with the one it keeps, undefined with undefined
 *   when none is pending, and its preload (pendingCodeTargets.cjs) refuses a code when none is pending;
 * - RespondToAuthChallenge passes only for a challenge the emulator sent, on its session (ChallengeSessions), and
 *   AssociateSoftwareToken and VerifySoftwareToken without an access token only on the session of an MFA_SETUP
 *   challenge it sent, which each answer hands on to the next call;
 * - ResendConfirmationCode, which the emulator lacks, sends an unconfirmed account a new code through
 *   the emulator's ForgotPassword, which makes and logs a code the way sign-up does and keeps it where
 *   ConfirmSignUp checks it (decision 0048).
 * It also serves the pre-token-generation "Lambda" that cognito-local invokes, which puts
 * given_name and family_name into the ID token as a real user pool does.
 */
const SERVICE = 'AWSCognitoIdentityProviderService';

/** Each operation with the Amplify call of `web/src` that sends it (decision 0041); nothing else passes. */
const BROWSER_OPERATIONS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    InitiateAuth: 'signIn',
    RespondToAuthChallenge: 'signIn and confirmSignIn: password verifier, MFA code, MFA set-up, new password',
    SignUp: 'signUp',
    ConfirmSignUp: 'confirmSignUp',
    ResendConfirmationCode: 'resendSignUpCode',
    ForgotPassword: 'resetPassword',
    ConfirmForgotPassword: 'confirmResetPassword',
    ChangePassword: 'updatePassword, the profile’s Change password (the access token in its body is checked)',
    GetUser: 'fetchMFAPreference',
    AssociateSoftwareToken: 'setUpTOTP, and confirmSignIn when sign-in asks to set MFA up',
    VerifySoftwareToken: 'verifyTOTPSetup, and confirmSignIn likewise',
    SetUserMFAPreference: 'updateMFAPreference',
    GetTokensFromRefreshToken: 'fetchAuthSession refreshing the tokens',
    GlobalSignOut: 'signOut({ global: true })',
    RevokeToken: 'signOut, when the token says it can be revoked',
  }).map(([operation, call]) => [`${SERVICE}.${operation}`, call]),
);

/**
 * The operations that act for the user an access token names, so cannot pass without one. AssociateSoftwareToken
 * and VerifySoftwareToken may carry an MFA_SETUP challenge's session instead (SETUP_OPERATIONS); any body that
 * carries an AccessToken has it checked whatever the operation.
 */
const SIGNED_IN_OPERATIONS: ReadonlySet<string> = new Set(['GetUser', 'SetUserMFAPreference', 'GlobalSignOut']);

/** The operations that set an authenticator up, for a signed-in user (an access token) or during sign-in (MFA_SETUP's session). */
const SETUP_OPERATIONS: ReadonlySet<string> = new Set(['AssociateSoftwareToken', 'VerifySoftwareToken']);

/** The operation an `x-amz-target` names when it is one a browser may call, else undefined. */
export function browserOperation(target: string): string | undefined {
  return BROWSER_OPERATIONS.has(target) ? target.slice(SERVICE.length + 1) : undefined;
}

/**
 * Why a sign-up's attributes are refused, or undefined when they are only ones the web app's client
 * may write. Strict on purpose: a name that is not a plain string (cognito-local would take
 * `["custom:auth"]` as that name), a case variant, or the list under another field name is refused.
 */
export function refusedAttributeWrite(input: Record<string, unknown>): string | undefined {
  for (const field of Object.keys(input)) {
    if (field !== 'UserAttributes' && field.toLowerCase().includes('attribute')) return `the field ${field} is not accepted`;
  }
  const list = input.UserAttributes;
  if (list === undefined) return undefined;
  if (!Array.isArray(list)) return 'UserAttributes must be a list';
  for (const attribute of list as unknown[]) {
    const name = (attribute as { Name?: unknown } | null)?.Name;
    if (typeof name !== 'string' || !WEB_APP_WRITE_ATTRIBUTES.includes(name)) return 'A client attempted to write unauthorized attribute';
  }
  return undefined;
}

function jsonObject(raw: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export default async function localIdpRoutes(app: FastifyInstance, options: { upstream: string; userPoolId: string; clientId: string }) {
  const sessions = new ChallengeSessions();
  const accessTokenRefusal = localAccessTokens(options);
  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  // cognito-local's Lambda client sends the event without a JSON content type.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch (error) {
      // The client's mistake, not ours: 400, not 500.
      done(Object.assign(error as Error, { statusCode: 400 }), undefined);
    }
  });

  const forward = async (target: string, body: string) =>
    fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
      body,
    });

  /** A Cognito error as the AWS SDK in the browser reads it: 400, its type in a header and in the body. */
  const cognitoError = (reply: FastifyReply, type: string, message: string) =>
    reply
      .code(400)
      .header('x-amzn-errortype', type)
      .type('application/x-amz-json-1.1')
      .send(JSON.stringify({ __type: type, message }));

  app.post('/idp', async (request, reply) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const operation = browserOperation(target);
    if (!operation) return cognitoError(reply, 'NotAuthorizedException', 'This operation is not open to the browser on the local identity provider');
    const raw = typeof request.body === 'string' ? request.body : '{}';
    const input = jsonObject(raw);
    // As Cognito answers a body that is not JSON.
    if (!input) return cognitoError(reply, 'SerializationException', 'The request body is not a JSON object');
    if ('AccessToken' in input || SIGNED_IN_OPERATIONS.has(operation)) {
      const refusal = await accessTokenRefusal(input.AccessToken);
      if (refusal) return cognitoError(reply, 'NotAuthorizedException', refusal);
    }

    if (operation === 'GlobalSignOut') return reply.type('application/x-amz-json-1.1').send('{}');
    if (operation === 'RespondToAuthChallenge' && !sessions.answers(input))
      return cognitoError(reply, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const noCode = missingCode(operation, input);
    if (noCode) return cognitoError(reply, 'InvalidParameterException', noCode);
    const settingUpAtSignIn = SETUP_OPERATIONS.has(operation) && !('AccessToken' in input);
    let upstream: Response;
    if (operation === 'SignUp') {
      const refusal = refusedAttributeWrite(input);
      if (refusal) return cognitoError(reply, 'NotAuthorizedException', refusal);
      upstream = await forward(target, raw);
    } else if (operation === 'GetTokensFromRefreshToken') {
      upstream = await forward(
        `${SERVICE}.InitiateAuth`,
        JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken } }),
      );
    } else if (operation === 'RespondToAuthChallenge') {
      upstream = await forward(target, raw);
      if (upstream.ok) sessions.spend(input.Session);
    } else if (settingUpAtSignIn) {
      if (!sessions.setsUp(input.Session)) return cognitoError(reply, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');
      upstream = await forward(target, raw);
    } else if (operation === 'ResendConfirmationCode') {
      const user = await forward(`${SERVICE}.AdminGetUser`, JSON.stringify({ UserPoolId: options.userPoolId, Username: input.Username }));
      const status = user.ok ? ((await user.json()) as { UserStatus?: string }).UserStatus : undefined;
      if (user.ok && status !== 'UNCONFIRMED') return cognitoError(reply, 'InvalidParameterException', 'User is already confirmed.');
      upstream = user.ok ? await forward(`${SERVICE}.ForgotPassword`, JSON.stringify({ ClientId: input.ClientId, Username: input.Username })) : user;
    } else {
      upstream = await forward(target, raw);
    }
    for (const header of ['x-amzn-errortype', 'x-amzn-requestid']) {
      const value = upstream.headers.get(header);
      if (value) reply.header(header, value);
    }
    const text = await upstream.text();
    if (upstream.ok && (operation === 'InitiateAuth' || operation === 'RespondToAuthChallenge')) {
      const signedInAs =
        (input.AuthParameters as { USERNAME?: unknown } | undefined)?.USERNAME ?? (input.ChallengeResponses as { USERNAME?: unknown } | undefined)?.USERNAME;
      sessions.remember(jsonObject(text) ?? {}, signedInAs);
    }
    if (upstream.ok && settingUpAtSignIn) sessions.handOn(input.Session, jsonObject(text) ?? {});
    return reply
      .code(upstream.status)
      .type(upstream.headers.get('content-type') ?? 'application/x-amz-json-1.1')
      .send(text);
  });

  const loopback = (request: FastifyRequest) => ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');

  app.post<{ Params: { name: string }; Body: { request?: { userAttributes?: Record<string, string> } } }>(
    '/idp/lambda/2015-03-31/functions/:name/invocations',
    async (request) => {
      if (!loopback(request)) throw new PlatformError('CFG_ERR_FORBIDDEN', 'the identity provider trigger is for the local identity provider only');
      const event = request.body ?? {};
      const attributes = event.request?.userAttributes ?? {};
      const claims: Record<string, string> = {};
      for (const name of ['given_name', 'family_name']) if (attributes[name]) claims[name] = attributes[name];
      return { ...event, response: { claimsOverrideDetails: { claimsToAddOrOverride: claims } } };
    },
  );
}
