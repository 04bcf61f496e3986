// The sign-in steps the web app's screens answer, produced by a real cognito-local through the adapter
// as the browser meets them (decision 0048).
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AdminSetUserMFAPreferenceCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalIdpBehindAdapter, type LocalIdpBehindAdapter } from '../../testing/localIdpBehindAdapter.ts';
import { poolPasswordPolicy } from '../../identity/poolPasswordPolicy.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, INVITED_DEMO_ACCOUNT } from '../demoData/demoAccounts.ts';
import type { LocalIdentityProvider } from './startLocalIdentityProvider.ts';

/** Codes as the emulator itself makes them, for a secret it handed out. */
const totp = createRequire(import.meta.url)('cognito-local/lib/services/totp') as { generate: (secret: string) => string };

let local: LocalIdpBehindAdapter;
let idp: LocalIdentityProvider;

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('idp-steps');
  idp = local.idp;
}, 60_000);
afterAll(async () => {
  await local?.close();
});

const call = (operation: string, body: object) => local.call(`AWSCognitoIdentityProviderService.${operation}`, body);
/** The newest code (or temporary password) the log shows for `email` after `mark`, as a developer reads it. */
const loggedFor = (email: string, mark: number) => local.loggedFor(email, mark);

const signIn = (email: string, password: string) =>
  call('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: idp.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } });

describe('the sign-in steps of the local identity provider', () => {
  it('sends an unconfirmed account a new code on request, which confirms it; a confirmed one is told so', async () => {
    const email = 'late@steps.example';
    const signUp = await call('SignUp', {
      ClientId: idp.clientId,
      Username: email,
      Password: DEMO_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(signUp.status).toBe(200);
    expect((await signIn(email, DEMO_PASSWORD)).body.__type).toBe('UserNotConfirmedException');

    const mark = statSync(idp.logFile).size;
    const resent = await call('ResendConfirmationCode', { ClientId: idp.clientId, Username: email });
    expect(resent).toMatchObject({ status: 200, body: { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: email } } });
    const code = await loggedFor(email, mark);
    expect(code).toMatch(/^\d{6}$/);
    expect((await call('ConfirmSignUp', { ClientId: idp.clientId, Username: email, ConfirmationCode: code })).status).toBe(200);
    expect((await signIn(email, DEMO_PASSWORD)).body).toHaveProperty('AuthenticationResult');

    expect(await call('ResendConfirmationCode', { ClientId: idp.clientId, Username: email })).toMatchObject({
      status: 400,
      body: { __type: 'InvalidParameterException' },
    });
    expect((await call('ResendConfirmationCode', { ClientId: idp.clientId, Username: 'nobody@steps.example' })).body.__type).toBe('UserNotFoundException');
  });

  it('asks the invited account for a new password with its temporary one from the log, then signs it in with the new one', async () => {
    const temporary = await loggedFor(INVITED_DEMO_ACCOUNT.email, 0);
    const challenge = await signIn(INVITED_DEMO_ACCOUNT.email, temporary);
    expect(challenge.body).toMatchObject({ ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: expect.any(String) });

    const answered = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: INVITED_DEMO_ACCOUNT.email, NEW_PASSWORD: 'Chosen-Passw0rd!' },
    });
    expect(answered.body).toHaveProperty('AuthenticationResult.IdToken');
    // The session is spent: it sets no password a second time.
    const again = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: INVITED_DEMO_ACCOUNT.email, NEW_PASSWORD: 'Other-Passw0rd!' },
    });
    expect(again.body.__type).toBe('NotAuthorizedException');
    expect((await signIn(INVITED_DEMO_ACCOUNT.email, 'Chosen-Passw0rd!')).body).toHaveProperty('AuthenticationResult');
  });

  it('texts the SMS account a code, logged for its phone number, refuses a wrong one and signs in with the right one', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.email === 'sms@acme.example');
    const phone = account?.smsMfaPhone ?? '';
    const mark = statSync(idp.logFile).size;
    const challenge = await signIn('sms@acme.example', DEMO_PASSWORD);
    expect(challenge.body).toMatchObject({
      ChallengeName: 'SMS_MFA',
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'SMS', CODE_DELIVERY_DESTINATION: phone },
    });
    const code = await loggedFor(phone, mark);
    expect(code).toMatch(/^\d{6}$/);

    const answer = (SMS_MFA_CODE: string) =>
      call('RespondToAuthChallenge', {
        ClientId: idp.clientId,
        ChallengeName: 'SMS_MFA',
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: 'sms@acme.example', SMS_MFA_CODE },
      });
    const wrong = `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;
    expect(await answer(wrong)).toMatchObject({ status: 400, body: { __type: 'CodeMismatchException' } });
    expect((await answer(code)).body).toHaveProperty('AuthenticationResult.IdToken');
  });

  it('keeps SMS MFA to users with a phone number, and off once the user turns it off', async () => {
    const admin = new CognitoIdentityProviderClient({
      endpoint: idp.upstream,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const noPhone = admin.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: idp.userPoolId, Username: 'engineer@acme.example', SMSMfaSettings: { Enabled: true } }),
    );
    await expect(noPhone).rejects.toMatchObject({ name: 'InvalidParameterException' });
    admin.destroy();
    expect((await signIn('engineer@acme.example', DEMO_PASSWORD)).body).toHaveProperty('AuthenticationResult');

    // The choice account signs in by text message, then turns SMS off: the next sign-in asks for nothing.
    const phone = DEMO_ACCOUNTS.find((a) => a.email === 'choice@acme.example')?.smsMfaPhone ?? '';
    const mark = statSync(idp.logFile).size;
    const challenge = await signIn('choice@acme.example', DEMO_PASSWORD);
    const signedIn = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'SMS_MFA',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: 'choice@acme.example', SMS_MFA_CODE: await loggedFor(phone, mark) },
    });
    const AccessToken = (signedIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
    expect((await call('SetUserMFAPreference', { AccessToken, SMSMfaSettings: { Enabled: false } })).status).toBe(200);
    expect((await signIn('choice@acme.example', DEMO_PASSWORD)).body).toHaveProperty('AuthenticationResult');
  });

  it('asks the account of a pool that requires MFA to set an authenticator up, on the challenge’s session, and signs it in', async () => {
    const email = 'setup@acme.example';
    const challenge = await signIn(email, DEMO_PASSWORD);
    expect(challenge.body).toMatchObject({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA"]' } });
    // Not before the authenticator is verified: the session alone signs nobody in.
    const early = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'MFA_SETUP',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email },
    });
    expect(early).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });

    const associated = await call('AssociateSoftwareToken', { Session: challenge.body.Session });
    expect(associated.body).toMatchObject({ SecretCode: expect.any(String), Session: expect.any(String) });
    const secret = associated.body.SecretCode as string;
    const verify = (UserCode: string) => call('VerifySoftwareToken', { Session: associated.body.Session, UserCode, FriendlyDeviceName: 'phone' });
    const code = totp.generate(secret);
    expect(await verify(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`)).toMatchObject({ status: 400, body: { __type: 'CodeMismatchException' } });
    const verified = await verify(code);
    expect(verified.body).toMatchObject({ Status: 'SUCCESS', Session: expect.any(String) });
    const answered = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'MFA_SETUP',
      Session: verified.body.Session,
      ChallengeResponses: { USERNAME: email },
    });
    expect(answered.body).toHaveProperty('AuthenticationResult.IdToken');
    // Set up: the next sign-in asks for the authenticator's code.
    expect((await signIn(email, DEMO_PASSWORD)).body).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
  });

  it('lets the account choose email codes when the pool offers them, sends the code to the address given, and turns email MFA on', async () => {
    const email = 'setup-choice@acme.example';
    const challenge = await signIn(email, DEMO_PASSWORD);
    expect(challenge.body).toMatchObject({ ChallengeName: 'MFA_SETUP', ChallengeParameters: { MFAS_CAN_SETUP: '["SOFTWARE_TOKEN_MFA","EMAIL_OTP"]' } });
    const mark = local.mark();
    const sent = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'MFA_SETUP',
      Session: challenge.body.Session,
      ChallengeResponses: { USERNAME: email, EMAIL: email },
    });
    expect(sent.body).toMatchObject({
      ChallengeName: 'EMAIL_OTP',
      ChallengeParameters: { CODE_DELIVERY_DELIVERY_MEDIUM: 'EMAIL', CODE_DELIVERY_DESTINATION: email },
    });
    const answered = await call('RespondToAuthChallenge', {
      ClientId: idp.clientId,
      ChallengeName: 'EMAIL_OTP',
      Session: sent.body.Session,
      ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE: await loggedFor(email, mark) },
    });
    expect(answered.body).toHaveProperty('AuthenticationResult.IdToken');
    expect((await signIn(email, DEMO_PASSWORD)).body).toMatchObject({ ChallengeName: 'EMAIL_OTP' });
  });

  it('emails the account with email MFA a code, logged for its address, refuses a wrong one and signs in with the right one', async () => {
    const email = 'email@acme.example';
    const mark = local.mark();
    const challenge = await signIn(email, DEMO_PASSWORD);
    expect(challenge.body).toMatchObject({ ChallengeName: 'EMAIL_OTP', ChallengeParameters: { CODE_DELIVERY_DESTINATION: email } });
    const code = await loggedFor(email, mark);
    const answer = (EMAIL_OTP_CODE: string) =>
      call('RespondToAuthChallenge', {
        ClientId: idp.clientId,
        ChallengeName: 'EMAIL_OTP',
        Session: challenge.body.Session,
        ChallengeResponses: { USERNAME: email, EMAIL_OTP_CODE },
      });
    expect(await answer(`${(Number(code[0]) + 1) % 10}${code.slice(1)}`)).toMatchObject({ status: 400, body: { __type: 'CodeMismatchException' } });
    expect((await answer(code)).body).toHaveProperty('AuthenticationResult.IdToken');
  });

  it('sends the account an administrator reset to choose a new password, which a forgot-password code sets', async () => {
    const email = 'reset@acme.example';
    expect((await signIn(email, DEMO_PASSWORD)).body.__type).toBe('PasswordResetRequiredException');
    const mark = local.mark();
    expect((await call('ForgotPassword', { ClientId: idp.clientId, Username: email })).status).toBe(200);
    const reset = await call('ConfirmForgotPassword', {
      ClientId: idp.clientId,
      Username: email,
      ConfirmationCode: await loggedFor(email, mark),
      Password: 'Reset-Passw0rd!',
    });
    expect(reset.status).toBe(200);
    expect((await signIn(email, 'Reset-Passw0rd!')).body).toHaveProperty('AuthenticationResult');
  });

  it("serves the pool's password rules, which the seed writes", async () => {
    const client = new CognitoIdentityProviderClient({
      endpoint: idp.upstream,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    expect(await poolPasswordPolicy(client, idp.userPoolId, () => undefined)).toEqual({
      minLength: 8,
      requireLowercase: true,
      requireUppercase: true,
      requireNumbers: true,
      requireSymbols: true,
    });
    client.destroy();
  });
});
