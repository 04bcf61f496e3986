// @module-tag hardening/tenants-and-roles
// Nobody makes themselves staff, or takes over another account, through the local identity provider's
// adapter: a real cognito-local behind it, attacked as a browser could, with what the emulator would
// have done had the adapter let the calls through (decisions 0041, 0053).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT, UnsecuredJWT } from 'jose';
import { STAFF_ROLE } from '@platform/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type LocalIdentityProvider } from '../testing/standIns.ts';
import { startLocalIdpBehindAdapter, type AdapterAnswer, type LocalIdpBehindAdapter } from '../testing/localIdpBehindAdapter.ts';

let local: LocalIdpBehindAdapter;
let idp: LocalIdentityProvider;

const STAFF = DEMO_ACCOUNTS.find((a) => a.auth?.role === STAFF_ROLE)?.email ?? '';
const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.auth?.role === 'customer' && !a.auth.requireMFA)?.email ?? '';
/** An account of its own for the genuine TOTP set-up, which leaves it asking for a code at sign-in. */
const OWN_AUTHENTICATOR = DEMO_ACCOUNTS.find((a) => a.auth?.role === 'customer' && a.auth.customerId === 'globex')?.email ?? '';
/** The account the emulator asks to set MFA up (a pool that requires it), and the one it texts codes to. */
const SETS_UP = DEMO_ACCOUNTS.find((a) => a.mfaSetUpOffered?.length === 1)?.email ?? '';
const SMS = DEMO_ACCOUNTS.find((a) => a.smsMfaPhone)?.email ?? '';
const SMS_PHONE = DEMO_ACCOUNTS.find((a) => a.smsMfaPhone)?.smsMfaPhone ?? '';
/** An account of its own for a genuine password reset. */
const RESETS = DEMO_ACCOUNTS.filter((a) => a.auth?.role === 'customer' && !a.auth.requireMFA && !a.passwordResetRequired)[1]?.email ?? '';
const ATTACKER = 'climber@attack.example';
const ATTACKER_PASSWORD = 'Attack-Passw0rd!';
const STAFF_AUTH = JSON.stringify({ role: STAFF_ROLE });

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('idp-attack');
  idp = local.idp;
}, 60_000);
afterAll(async () => {
  await local?.close();
});

/** A call through the adapter, as the browser makes it: any target and body the attacker likes. */
const call = (target: string, body: object): Promise<AdapterAnswer> => local.call(target, body);
const op = (name: string) => `AWSCognitoIdentityProviderService.${name}`;

/** The custom:auth of the ID token a password sign-in through the adapter gives, or why there is none. */
async function signIn(email: string, password: string): Promise<{ auth?: string; refused?: unknown }> {
  const answer = await call(op('InitiateAuth'), {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: idp.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const token = (answer.body.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
  if (!token) return { refused: answer.body.__type ?? answer.status };
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { auth: claims['custom:auth'] as string | undefined };
}

/** The emulator's own answer to an administrator's call: the test's view of the pool, past the adapter. */
async function upstream(name: string, body: object): Promise<Record<string, unknown>> {
  const answer = await fetch(idp.upstream, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': op(name) },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as Record<string, unknown>;
}

/** What the pool holds of an account's MFA: the methods on and the one preferred. */
async function mfaOf(email: string) {
  const user = await upstream('AdminGetUser', { UserPoolId: idp.userPoolId, Username: email });
  return { methods: user.UserMFASettingList ?? [], preferred: user.PreferredMfaSetting ?? null };
}

const fromCognitoLocal = createRequire(import.meta.url);
/** Codes as the emulator itself makes them, for a secret it handed out. */
const totp = fromCognitoLocal('cognito-local/lib/services/totp') as { generate: (secret: string) => string };

/**
 * Access tokens naming the staff account that cognito-local, which only decodes them, would act on. Those
 * with a genuine signature are signed with the key cognito-local publishes in its package, so that each
 * fails on one claim alone.
 */
async function forgedStaffTokens(): Promise<Record<string, string>> {
  const now = Math.floor(Date.now() / 1000);
  const iss = `${idp.upstream}/${idp.userPoolId}`;
  const claims: JWTPayload = { sub: STAFF, username: STAFF, client_id: idp.clientId, token_use: 'access', iss, iat: now, exp: now + 3600 };
  const sign = (payload: JWTPayload, key: Parameters<SignJWT['sign']>[0]) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(key);
  const published = fromCognitoLocal('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
  const emulatorKey = await importJWK(published.jwk, 'RS256');
  const { privateKey: anotherKey } = await generateKeyPair('RS256');
  const anotherClient = await upstream('CreateUserPoolClient', { UserPoolId: idp.userPoolId, ClientName: 'another-app' });
  const anotherClientId = (anotherClient.UserPoolClient as { ClientId: string }).ClientId;
  return {
    unsigned: new UnsecuredJWT(claims).encode(),
    'signed with another key': await sign(claims, anotherKey),
    expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }, emulatorKey),
    'an ID token': await sign({ ...claims, token_use: 'id', aud: idp.clientId }, emulatorKey),
    'issued by another pool': await sign({ ...claims, iss: `${idp.upstream}/local_another` }, emulatorKey),
    'for another client of the pool': await sign({ ...claims, client_id: anotherClientId }, emulatorKey),
  };
}

function expectRefused(answer: { status: number; type: string | null }) {
  expect(answer.status).toBe(400);
  expect(answer.type).toBe('NotAuthorizedException');
}

describe('the local identity provider, attacked through its adapter', () => {
  it('signs the demo accounts in as before, so the refusals below are not everything failing', async () => {
    expect(JSON.parse((await signIn(CUSTOMER, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: 'customer' });
    const signUp = await call(op('SignUp'), {
      ClientId: idp.clientId,
      Username: 'newcomer@attack.example',
      Password: ATTACKER_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: 'newcomer@attack.example' },
        { Name: 'given_name', Value: 'New' },
        { Name: 'family_name', Value: 'Comer' },
      ],
    });
    expect(signUp.status).toBe(200);
  });

  it('gives no staff token to a sign-up that names SignUp.x and confirms itself as an administrator', async () => {
    const attributes = [
      { Name: 'email', Value: ATTACKER },
      { Name: 'custom:auth', Value: STAFF_AUTH },
    ];
    for (const target of [op('SignUp.x'), op('SignUp'), 'x.SignUp', `${op('SignUp')}, ${op('SignUp')}`]) {
      expectRefused(await call(target, { ClientId: idp.clientId, Username: ATTACKER, Password: ATTACKER_PASSWORD, UserAttributes: attributes }));
    }
    for (const target of [op('AdminConfirmSignUp'), op('AdminConfirmSignUp.x'), op('InitiateAuth.AdminConfirmSignUp')]) {
      expectRefused(await call(target, { UserPoolId: idp.userPoolId, Username: ATTACKER }));
    }
    expect(await signIn(ATTACKER, ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });
  });

  it('creates no account and changes none with the administrators’ calls', async () => {
    for (const target of [op('AdminCreateUser'), op('AdminCreateUser.x')]) {
      expectRefused(
        await call(target, {
          UserPoolId: idp.userPoolId,
          Username: 'made@attack.example',
          TemporaryPassword: ATTACKER_PASSWORD,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'custom:auth', Value: STAFF_AUTH }],
        }),
      );
    }
    expectRefused(
      await call(op('AdminUpdateUserAttributes'), {
        UserPoolId: idp.userPoolId,
        Username: CUSTOMER,
        UserAttributes: [{ Name: 'custom:auth', Value: STAFF_AUTH }],
      }),
    );
    expectRefused(await call(op('AdminSetUserPassword'), { UserPoolId: idp.userPoolId, Username: STAFF, Password: ATTACKER_PASSWORD, Permanent: true }));
    expectRefused(await call(op('AdminResetUserPassword'), { UserPoolId: idp.userPoolId, Username: STAFF }));
    expectRefused(
      await call(op('AdminInitiateAuth'), {
        UserPoolId: idp.userPoolId,
        ClientId: idp.clientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: STAFF, PASSWORD: ATTACKER_PASSWORD },
      }),
    );

    expect(JSON.parse((await signIn(CUSTOMER, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: 'customer' });
    expect(await signIn(STAFF, ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });
    expect(await signIn('made@attack.example', ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });
  });

  it('lists nobody, and leaves the pool and its clients alone', async () => {
    for (const [name, body] of [
      ['ListUsers', { UserPoolId: idp.userPoolId }],
      ['ListUserPools', { MaxResults: 60 }],
      ['ListUserPoolClients', { UserPoolId: idp.userPoolId, MaxResults: 60 }],
      ['DescribeUserPoolClient', { UserPoolId: idp.userPoolId, ClientId: idp.clientId }],
      ['CreateUserPool', { PoolName: 'attack' }],
      ['CreateUserPoolClient', { UserPoolId: idp.userPoolId, ClientName: 'attack' }],
      ['UpdateUserPoolClient', { UserPoolId: idp.userPoolId, ClientId: idp.clientId, WriteAttributes: ['custom:auth'] }],
      ['DeleteUserPool', { UserPoolId: idp.userPoolId }],
      ['AdminDeleteUser', { UserPoolId: idp.userPoolId, Username: CUSTOMER }],
      ['AdminGetUser', { UserPoolId: idp.userPoolId, Username: STAFF }],
    ] as const) {
      const answer = await call(op(name), body);
      expectRefused(answer);
      expect(JSON.stringify(answer.body), name).not.toContain(STAFF);
    }
    // Nothing was deleted: both accounts still sign in with their own password and role.
    expect(JSON.parse((await signIn(STAFF, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: STAFF_ROLE });
    expect(JSON.parse((await signIn(CUSTOMER, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: 'customer' });
  });

  it('lets a signed-in user write no attribute the web app does not write, even on their own account', async () => {
    const signedIn = await call(op('InitiateAuth'), {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: idp.clientId,
      AuthParameters: { USERNAME: CUSTOMER, PASSWORD: DEMO_PASSWORD },
    });
    const AccessToken = (signedIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
    expectRefused(await call(op('UpdateUserAttributes'), { AccessToken, UserAttributes: [{ Name: 'custom:auth', Value: STAFF_AUTH }] }));
    expectRefused(await call(op('DeleteUserAttributes'), { AccessToken, UserAttributeNames: ['custom:auth'] }));
    expect(JSON.parse((await signIn(CUSTOMER, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: 'customer' });
  });

  it('signs in as nobody by answering a challenge it was never sent, on a session it never had', async () => {
    const session = 'c0ffee00-0000-4000-8000-000000000000';
    for (const [ChallengeName, responses] of [
      ['SMS_MFA', {}],
      ['SMS_MFA', { SMS_MFA_CODE: '' }],
      ['NEW_PASSWORD_REQUIRED', { NEW_PASSWORD: ATTACKER_PASSWORD }],
      ['SOFTWARE_TOKEN_MFA', { SOFTWARE_TOKEN_MFA_CODE: '000000' }],
    ] as const) {
      const answer = await call(op('RespondToAuthChallenge'), {
        ClientId: idp.clientId,
        ChallengeName,
        Session: session,
        ChallengeResponses: { USERNAME: STAFF, ...responses },
      });
      expectRefused(answer);
      expect(answer.body, ChallengeName).not.toHaveProperty('AuthenticationResult');
    }
    // The staff password is the demo one still, and nobody else's works.
    expect(JSON.parse((await signIn(STAFF, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: STAFF_ROLE });
    expect(await signIn(STAFF, ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });
  });

  it('sets up no authenticator and signs in as nobody on a set-up or email session it never sent, or one of another challenge', async () => {
    const before = await mfaOf(STAFF);
    const forged = 'c0ffee00-0000-4000-8000-000000000001';
    const noTokens = (answer: AdapterAnswer, what: string) => {
      expect(answer.status, what).toBe(400);
      expect(answer.body, what).not.toHaveProperty('AuthenticationResult');
      expect(answer.body, what).not.toHaveProperty('SecretCode');
    };
    const respond = (ChallengeName: string, Session: unknown, responses: object) =>
      call(op('RespondToAuthChallenge'), { ClientId: idp.clientId, ChallengeName, Session, ChallengeResponses: responses });
    const signInThroughAdapter = (email: string) =>
      call(op('InitiateAuth'), { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: idp.clientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } });

    // Sessions nobody was sent.
    expectRefused(await call(op('AssociateSoftwareToken'), { Session: forged }));
    expectRefused(await call(op('AssociateSoftwareToken'), {}));
    expectRefused(await call(op('VerifySoftwareToken'), { Session: forged, UserCode: '000000' }));
    expectRefused(await respond('MFA_SETUP', forged, { USERNAME: STAFF }));
    expectRefused(await respond('MFA_SETUP', forged, { USERNAME: STAFF, EMAIL: ATTACKER }));
    expectRefused(await respond('EMAIL_OTP', forged, { USERNAME: STAFF, EMAIL_OTP_CODE: '000000' }));

    // A set-up session the emulator made but the browser never got through the adapter.
    const elsewhere = await upstream('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: idp.clientId,
      AuthParameters: { USERNAME: SETS_UP, PASSWORD: DEMO_PASSWORD },
    });
    expect(elsewhere.ChallengeName).toBe('MFA_SETUP');
    expectRefused(await call(op('AssociateSoftwareToken'), { Session: elsewhere.Session }));

    // A genuine session of another challenge sets nothing up.
    const sms = await signInThroughAdapter(SMS);
    expect(sms.body.ChallengeName).toBe('SMS_MFA');
    expectRefused(await call(op('AssociateSoftwareToken'), { Session: sms.body.Session }));
    expectRefused(await respond('EMAIL_OTP', sms.body.Session, { USERNAME: SMS, EMAIL_OTP_CODE: '000000' }));

    // A genuine set-up session: not for the staff account, not before an authenticator is verified, and no
    // email codes from a pool that offers only the authenticator.
    const setUp = await signInThroughAdapter(SETS_UP);
    expect(setUp.body.ChallengeName).toBe('MFA_SETUP');
    expectRefused(await respond('MFA_SETUP', setUp.body.Session, { USERNAME: STAFF }));
    noTokens(await respond('MFA_SETUP', setUp.body.Session, { USERNAME: SETS_UP }), 'MFA_SETUP before the authenticator is verified');
    const mark = local.mark();
    noTokens(await respond('MFA_SETUP', setUp.body.Session, { USERNAME: SETS_UP, EMAIL: ATTACKER }), 'email codes the pool does not offer');
    expect(readFileSync(idp.logFile).subarray(mark).toString('utf8')).not.toContain(ATTACKER);

    expect(await mfaOf(STAFF)).toEqual(before);
    expect(await mfaOf(SETS_UP)).toEqual({ methods: [], preferred: null });
    expect(JSON.parse((await signIn(STAFF, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: STAFF_ROLE });
  });

  it('sets up no authenticator on the staff account, changes none of its MFA and reads nothing of it, with a forged access token', async () => {
    const before = await mfaOf(STAFF);
    const answers: Record<string, Record<string, string>> = {};
    for (const [forgery, AccessToken] of Object.entries(await forgedStaffTokens())) {
      const answered = (answer: { status: number; type: string | null; body: Record<string, unknown> }) =>
        `${answer.status} ${answer.type} ${answer.body.message}${JSON.stringify(answer.body).includes(STAFF) ? ' with the staff account' : ''}`;
      const read = await call(op('GetUser'), { AccessToken });
      const associated = await call(op('AssociateSoftwareToken'), { AccessToken });
      // Had the emulator handed out a secret, the attacker's authenticator would now make the right codes.
      const secret = typeof associated.body.SecretCode === 'string' ? associated.body.SecretCode : 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const verified = await call(op('VerifySoftwareToken'), { AccessToken, UserCode: totp.generate(secret), FriendlyDeviceName: 'attacker' });
      const preferred = await call(op('SetUserMFAPreference'), { AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
      answers[forgery] = {
        GetUser: answered(read),
        AssociateSoftwareToken: answered(associated),
        VerifySoftwareToken: answered(verified),
        SetUserMFAPreference: answered(preferred),
      };
    }
    // What the staff member would notice: no authenticator asked for at sign-in, and nobody else's.
    expect(await mfaOf(STAFF)).toEqual(before);
    expect(await signIn(STAFF, DEMO_PASSWORD)).toMatchObject({ auth: expect.stringContaining(STAFF_ROLE) });
    const refusal = (message: string) =>
      Object.fromEntries(
        ['GetUser', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference'].map((o) => [o, `400 NotAuthorizedException ${message}`]),
      );
    expect(answers).toEqual({
      unsigned: refusal('Invalid Access Token'),
      'signed with another key': refusal('Invalid Access Token'),
      expired: refusal('Access Token has expired'),
      'an ID token': refusal('Invalid Access Token'),
      'issued by another pool': refusal('Invalid Access Token'),
      'for another client of the pool': refusal('Invalid Access Token'),
    });
  });

  it('still lets a user set up an authenticator and sign out with their own access token, fresh or refreshed', async () => {
    const signedIn = await call(op('InitiateAuth'), {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: idp.clientId,
      AuthParameters: { USERNAME: OWN_AUTHENTICATOR, PASSWORD: DEMO_PASSWORD },
    });
    const { AccessToken, RefreshToken } = signedIn.body.AuthenticationResult as { AccessToken: string; RefreshToken: string };
    expect((await call(op('GetUser'), { AccessToken })).body.UserAttributes).toContainEqual({ Name: 'email', Value: OWN_AUTHENTICATOR });
    const { SecretCode } = (await call(op('AssociateSoftwareToken'), { AccessToken })).body as { SecretCode: string };
    expect((await call(op('VerifySoftwareToken'), { AccessToken, UserCode: totp.generate(SecretCode) })).body).toMatchObject({ Status: 'SUCCESS' });

    const refreshed = await call(op('GetTokensFromRefreshToken'), { ClientId: idp.clientId, RefreshToken });
    const renewed = (refreshed.body.AuthenticationResult as { AccessToken: string }).AccessToken;
    const preferred = await call(op('SetUserMFAPreference'), { AccessToken: renewed, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } });
    expect(preferred.status).toBe(200);
    expect(await mfaOf(OWN_AUTHENTICATOR)).toEqual({ methods: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    expect((await call(op('GetUser'), { AccessToken: renewed })).body).toMatchObject({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect((await call(op('GlobalSignOut'), { AccessToken: renewed })).status).toBe(200);
  });
});

describe('the local identity provider confirms nothing without the code it sent', () => {
  const typeOf = (answer: Record<string, unknown>) => answer.__type ?? 'accepted';
  const signInUpstream = (email: string) =>
    upstream('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: idp.clientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } });

  it('sets no password, confirms no sign-up and answers no code challenge through the adapter without a code', async () => {
    for (const code of [
      {},
      { ConfirmationCode: '' },
      { ConfirmationCode: ' ' },
      { ConfirmationCode: null },
      { ConfirmationCode: 123456 },
      { ConfirmationCode: ['1'] },
    ]) {
      const reset = await call(op('ConfirmForgotPassword'), { ClientId: idp.clientId, Username: STAFF, Password: ATTACKER_PASSWORD, ...code });
      expect(reset, JSON.stringify(code)).toMatchObject({ status: 400, type: 'InvalidParameterException' });
    }

    const newcomer = 'unconfirmed@attack.example';
    const signUp = await call(op('SignUp'), {
      ClientId: idp.clientId,
      Username: newcomer,
      Password: ATTACKER_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: newcomer }],
    });
    expect(signUp.status).toBe(200);
    for (const code of [{}, { ConfirmationCode: '' }]) {
      expect(await call(op('ConfirmSignUp'), { ClientId: idp.clientId, Username: newcomer, ...code })).toMatchObject({
        status: 400,
        type: 'InvalidParameterException',
      });
    }
    expect(await signIn(newcomer, ATTACKER_PASSWORD)).toEqual({ refused: 'UserNotConfirmedException' });

    const sms = await call(op('InitiateAuth'), {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: idp.clientId,
      AuthParameters: { USERNAME: SMS, PASSWORD: DEMO_PASSWORD },
    });
    expect(sms.body.ChallengeName).toBe('SMS_MFA');
    for (const code of [{}, { SMS_MFA_CODE: '' }]) {
      const answer = await call(op('RespondToAuthChallenge'), {
        ClientId: idp.clientId,
        ChallengeName: 'SMS_MFA',
        Session: sms.body.Session,
        ChallengeResponses: { USERNAME: SMS, ...code },
      });
      expect(answer).toMatchObject({ status: 400, type: 'InvalidParameterException' });
      expect(answer.body).not.toHaveProperty('AuthenticationResult');
    }

    expect(JSON.parse((await signIn(STAFF, DEMO_PASSWORD)).auth ?? '{}')).toMatchObject({ role: STAFF_ROLE });
    expect(await signIn(STAFF, ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });
  });

  it('holds the emulator itself to a code still pending, whoever calls it', async () => {
    // No reset pending: no code, or an empty one, sets nothing.
    for (const code of [{}, { ConfirmationCode: '' }]) {
      const reset = await upstream('ConfirmForgotPassword', { ClientId: idp.clientId, Username: STAFF, Password: ATTACKER_PASSWORD, ...code });
      expect(typeOf(reset), JSON.stringify(code)).toBe('ExpiredCodeException');
    }
    expect(await signIn(STAFF, ATTACKER_PASSWORD)).toEqual({ refused: expect.anything() });

    // A reset pending: only its code, once; and it confirms no sign-up of an account long confirmed.
    const mark = local.mark();
    expect((await call(op('ForgotPassword'), { ClientId: idp.clientId, Username: RESETS })).status).toBe(200);
    const code = await local.loggedFor(RESETS, mark);
    expect(typeOf(await upstream('ConfirmSignUp', { ClientId: idp.clientId, Username: RESETS, ConfirmationCode: code }))).toBe('NotAuthorizedException');
    const confirm = (ConfirmationCode: unknown) =>
      upstream('ConfirmForgotPassword', { ClientId: idp.clientId, Username: RESETS, Password: ATTACKER_PASSWORD, ConfirmationCode });
    expect(typeOf(await confirm(`${code}0`))).toBe('CodeMismatchException');
    expect(typeOf(await confirm(undefined))).toBe('CodeMismatchException');
    expect(typeOf(await confirm(code))).toBe('accepted');
    expect(typeOf(await confirm(code))).toBe('ExpiredCodeException');
    expect(await signIn(RESETS, ATTACKER_PASSWORD)).toMatchObject({ auth: expect.any(String) });

    // Two SMS sign-ins: the second's code spent, the first answered without one signs nobody in.
    const first = await signInUpstream(SMS);
    const sent = local.mark();
    const second = await signInUpstream(SMS);
    const respond = (Session: unknown, responses: object) =>
      upstream('RespondToAuthChallenge', { ClientId: idp.clientId, ChallengeName: 'SMS_MFA', Session, ChallengeResponses: { USERNAME: SMS, ...responses } });
    expect(await respond(second.Session, { SMS_MFA_CODE: await local.loggedFor(SMS_PHONE, sent) })).toHaveProperty('AuthenticationResult');
    const replayed = await respond(first.Session, {});
    expect(replayed).not.toHaveProperty('AuthenticationResult');
    expect(typeOf(replayed)).toBe('ExpiredCodeException');
  });
});
