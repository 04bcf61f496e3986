// @module-tag hardening/tenants-and-roles
// Single sign-on through the local hosted UI holds each account to what a password sign-in enforces: a real
// cognito-local behind the hosted UI, which on its own checks only the password (issue 34, decision 0066).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../testing/standIns.ts';
import { startLocalIdpBehindAdapter, type LocalIdpBehindAdapter, type SingleSignOn } from '../testing/localIdpBehindAdapter.ts';

let local: LocalIdpBehindAdapter;

const account = (test: (a: (typeof DEMO_ACCOUNTS)[number]) => boolean) => DEMO_ACCOUNTS.find(test)?.email ?? '';
const ENGINEER = account((a) => a.auth?.role === 'customer' && !a.auth.requireMFA && !a.passwordResetRequired);
const SMS = account((a) => a.smsMfaPhone !== undefined);
const EMAIL = account((a) => a.emailMfa === true);
const SETS_UP = account((a) => a.mfaSetUpOffered?.length === 1);
const RESET = account((a) => a.passwordResetRequired === true);
/** An account of its own, disabled by the test as Settings → Users does. */
const LEAVER = account((a) => a.auth?.customerId === 'globex');

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('idp-sso');
}, 60_000);
afterAll(async () => {
  await local?.close();
});

/** The emulator's own answer to an administrator's call, as Settings → Users makes it. */
async function administrator(name: string, body: object) {
  const answer = await fetch(local.idp.upstream, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${name}` },
    body: JSON.stringify({ UserPoolId: local.idp.userPoolId, ...body }),
  });
  expect(answer.status, name).toBe(200);
}

const idTokenOf = (tokens: SingleSignOn['tokens']) => (typeof tokens?.body.id_token === 'string' ? tokens.body.id_token : undefined);

/** Refused on the sign-in page, with no code sent back, and saying why. */
function expectRefusedPage(signOn: SingleSignOn, words: string) {
  expect(signOn.code).toBeUndefined();
  expect(signOn.page?.status).toBe(403);
  expect(signOn.page?.text).toContain(words);
  expect(signOn.page?.text).toContain('<form method="post" action="/oauth2/authorize">');
}

describe('single sign-on through the local hosted UI', () => {
  it('signs an account without a second factor in, so the refusals below are not everything failing', async () => {
    const signOn = await local.singleSignOn(ENGINEER, DEMO_PASSWORD);
    expect(signOn.tokens?.status).toBe(200);
    const claims = JSON.parse(Buffer.from(idTokenOf(signOn.tokens)?.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims.email).toBe(ENGINEER);
    expect((await local.singleSignOn(ENGINEER, 'Wrong-Passw0rd!')).page?.text).toContain('Incorrect email or password.');
  });

  it.each([
    ['text message codes', () => SMS],
    ['email codes', () => EMAIL],
    ['an authenticator its pool requires it to set up', () => SETS_UP],
  ])('gives no code to an account with %s for its password alone', async (_what, email) => {
    const signOn = await local.singleSignOn(email(), DEMO_PASSWORD);
    expectRefusedPage(signOn, 'second factor');
  });

  it('gives no code to an account that must choose a new password, invited or reset by an administrator', async () => {
    const invited = 'invitee@sso.example';
    await administrator('AdminCreateUser', {
      Username: invited,
      TemporaryPassword: 'Temporary-Passw0rd!',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: invited }],
    });
    expectRefusedPage(await local.singleSignOn(invited, 'Temporary-Passw0rd!'), 'new password');
    expectRefusedPage(await local.singleSignOn(RESET, DEMO_PASSWORD), 'new password');
  });

  it('gives an account disabled by an administrator no sign-in, no tokens for a code it had, and no refreshed tokens', async () => {
    const before = await local.singleSignOn(LEAVER, DEMO_PASSWORD);
    const refreshToken = before.tokens?.body.refresh_token;
    expect(typeof refreshToken).toBe('string');
    const pending = await local.singleSignOn(LEAVER, DEMO_PASSWORD, false);
    expect(pending.code).toBeDefined();
    const refresh = { grant_type: 'refresh_token', refresh_token: String(refreshToken), client_id: local.idp.clientId };
    expect(idTokenOf(await local.token(refresh))).toBeDefined();

    await administrator('AdminDisableUser', { Username: LEAVER });
    expectRefusedPage(await local.singleSignOn(LEAVER, DEMO_PASSWORD), 'disabled');
    for (const tokens of [await pending.exchangeCode(), await local.token(refresh)]) {
      expect(tokens).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(idTokenOf(tokens)).toBeUndefined();
    }
    // Nor through the browser's own refresh, which the emulator's preload refuses already.
    const renewed = await local.call('AWSCognitoIdentityProviderService.GetTokensFromRefreshToken', {
      ClientId: local.idp.clientId,
      RefreshToken: refreshToken,
    });
    expect(renewed).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });

    await administrator('AdminEnableUser', { Username: LEAVER });
    expect(idTokenOf((await local.singleSignOn(LEAVER, DEMO_PASSWORD)).tokens)).toBeDefined();
  });
});
