// @module-tag hardening/tenants-and-roles
// The profile's Change password reaches cognito-local's ChangePassword through the adapter (issue 35).
// cognito-local only decodes the access token and takes the user it names: the adapter must refuse a
// token it did not issue, so nobody changes another account's password, and the emulator must check
// the current one.
import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../testing/standIns.ts';
import { startLocalIdpBehindAdapter, type LocalIdpBehindAdapter } from '../testing/localIdpBehindAdapter.ts';

let local: LocalIdpBehindAdapter;
const op = (name: string) => `AWSCognitoIdentityProviderService.${name}`;
const ACCOUNT = DEMO_ACCOUNTS.find((a) => a.auth?.role === 'customer' && !a.auth.requireMFA)?.email ?? '';
const NEW_PASSWORD = 'Changed-Passw0rd!';

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('idp-change-password');
}, 60_000);
afterAll(async () => {
  await local?.close();
});

async function signIn(password: string) {
  const answer = await local.call(op('InitiateAuth'), {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: local.idp.clientId,
    AuthParameters: { USERNAME: ACCOUNT, PASSWORD: password },
  });
  return (answer.body.AuthenticationResult as { AccessToken?: string } | undefined)?.AccessToken;
}

describe('ChangePassword through the local adapter', () => {
  it('refuses an access token the pool did not issue, even with the right current password', async () => {
    const forged = new UnsecuredJWT({ username: ACCOUNT, client_id: local.idp.clientId, token_use: 'access' }).setIssuedAt().setExpirationTime('1h').encode();
    const answer = await local.call(op('ChangePassword'), { AccessToken: forged, PreviousPassword: DEMO_PASSWORD, ProposedPassword: NEW_PASSWORD });
    expect(answer.status).toBe(400);
    expect(await signIn(DEMO_PASSWORD)).toBeDefined();
    expect(await signIn(NEW_PASSWORD)).toBeUndefined();
  });

  it('changes the signed-in user’s password only with the right current one', async () => {
    const AccessToken = await signIn(DEMO_PASSWORD);
    expect(AccessToken).toBeDefined();
    const wrong = await local.call(op('ChangePassword'), { AccessToken, PreviousPassword: 'Not-The-Passw0rd!', ProposedPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await signIn(NEW_PASSWORD)).toBeUndefined();

    const right = await local.call(op('ChangePassword'), { AccessToken, PreviousPassword: DEMO_PASSWORD, ProposedPassword: NEW_PASSWORD });
    expect(right.status).toBe(200);
    expect(await signIn(NEW_PASSWORD)).toBeDefined();
    expect(await signIn(DEMO_PASSWORD)).toBeUndefined();
  });
});
