// The user-management API against a real cognito-local, as `npm start` runs it: what an administrator
// does reaches the user pool, the invited user's temporary password reaches the log, and each change is
// audited with its reason.
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, UserAuditPage } from '@platform/schemas';
import type { LocalIdentityProvider } from '../../testing/standIns.ts';
import { startLocalIdpBehindAdapter, type LocalIdpBehindAdapter } from '../../testing/localIdpBehindAdapter.ts';
import { startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import type { Database } from '../../store/database.ts';
import { UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import { directoryEntryOf } from '../../users/directoryEntries.ts';
import { toManagedUser } from '../../users/managedUser.ts';
import { cognitoUserPoolAdmin } from '../../users/userPoolAdmin.ts';
import { signedRequest } from '../../testing/signedRequest.ts';

let local: LocalIdpBehindAdapter;
let idp: LocalIdentityProvider;
let apps: TestApps;
let app: FastifyInstance;
let cognito: CognitoIdentityProviderClient;
let db: Database;
/** The users list's directory: written through by the routes, and by this test where reconciliation would. */
let directory: UserDirectoryStore;

const staff = staffToken();
const BASE = '/api/user-management';

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('user-management');
  idp = local.idp;
  cognito = new CognitoIdentityProviderClient({ endpoint: idp.upstream, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  apps = await startTestApps();
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
  app = await apps.app({ userDirectory: directory, userManagement: { pool: cognitoUserPoolAdmin(cognito, idp.userPoolId) } });
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await db?.close();
  await local?.close();
  cognito?.destroy();
});

const mark = () => local.mark();
/** The temporary password logged for `email` after `since`, as tests/support/mailbox.ts reads it. */
const temporaryPasswordFor = (email: string, since: number) => local.loggedFor(email, since);

const invitation = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  givenName: 'Ivy',
  familyName: 'Invited',
  role: 'customer',
  customerId: 'acme',
  modules: ['mr', 'hs'],
  landingPageModuleKey: 'hs',
  requireMFA: false,
  reason: 'new hire at acme',
  ...extra,
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = staff) =>
  signedRequest(app, token, { method, url: `${BASE}${url}`, ...(payload ? { payload } : {}) });
const auditOf = async (username: string) => ((await send('GET', `/audit?username=${encodeURIComponent(username)}`)).json() as UserAuditPage).entries;
const poolUser = (username: string) => cognito.send(new AdminGetUserCommand({ UserPoolId: idp.userPoolId, Username: username }));
/** A user as the pool has them, as the directory holds users. */
const asThePoolHas = async (username: string) => {
  const user = await poolUser(username);
  return directoryEntryOf(toManagedUser({ ...user, Attributes: user.UserAttributes }));
};
const signIn = (email: string, password: string) =>
  cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: idp.clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'signed in',
    (error: { name?: string }) => error.name,
  );

async function invite(email: string, extra: Record<string, unknown> = {}): Promise<{ user: ManagedUser; password: string }> {
  const since = mark();
  const res = await send('POST', '/users', invitation(email, extra));
  expect(res.statusCode, res.body).toBe(201);
  return { user: res.json() as ManagedUser, password: await temporaryPasswordFor(email, since) };
}

/** Signs an invited user in with their temporary password and sets a new one; their tokens. */
async function firstSignIn(email: string, temporary: string, chosen = 'Chosen-Passw0rd!') {
  const challenge = await signIn(email, temporary);
  expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
  const done = await cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId: idp.clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: challenge.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: chosen },
    }),
  );
  return done.AuthenticationResult!;
}

describe('inviting a user', () => {
  it('creates the account with its claims as JSON, logs a temporary password that signs in to the new-password step, and audits it', async () => {
    const email = 'ivy@acme.example';
    const { user, password } = await invite(email);
    expect(user).toMatchObject({ email, status: 'FORCE_CHANGE_PASSWORD', enabled: true, role: 'customer', customerId: 'acme', modules: ['mr', 'hs'] });
    const attributes = (await poolUser(user.username)).UserAttributes ?? [];
    expect(JSON.parse(attributes.find((a) => a.Name === 'custom:auth')?.Value ?? '{}')).toEqual({
      role: 'customer',
      customerId: 'acme',
      modules: ['mr', 'hs'],
      landingPageModuleKey: 'hs',
      requireMFA: false,
    });
    expect(await refusal(signIn(email, 'not-the-password'))).toBe('NotAuthorizedException');
    const tokens = await firstSignIn(email, password);
    const claims = JSON.parse(Buffer.from(tokens.IdToken!.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
    expect(JSON.parse(claims['custom:auth']!)).toMatchObject({ role: 'customer', landingPageModuleKey: 'hs' });
    expect(claims.given_name).toBe('Ivy');
    const [entry] = await auditOf(user.username);
    expect(entry).toMatchObject({ action: 'invite', email, username: user.username, reason: 'new hire at acme', actor: { email: 'erin@acme.example' } });
    expect(entry!.changes).toContainEqual({ field: 'modules', before: null, after: 'mr, hs' });
  });

  it('refuses an address the pool already has with 409 problem+json, and audits the invitation as failed', async () => {
    const res = await send('POST', '/users', invitation('engineer@acme.example'));
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_USER_EXISTS' });
    expect(await auditOf('engineer@acme.example')).toMatchObject([{ action: 'invite', outcome: 'failed' }]);
  });

  it.each([
    ['a landing module that is not one of the modules', { landingPageModuleKey: 'lcc' }, /must be one of the user's modules/, 'CFG_ERR_USER_CLAIMS_INVALID'],
    ['a module the registry lacks', { modules: ['mr', 'nope'], landingPageModuleKey: null }, /no module 'nope'/, 'CFG_ERR_USER_MODULE_UNKNOWN'],
    ['no reason', { reason: '  ' }, /reason/, 'CFG_ERR_BAD_REQUEST'],
    ['a customer id that is not one', { customerId: 'ACME' }, /customerId/, 'CFG_ERR_BAD_REQUEST'],
    ['an unknown field', { admin: true }, /unevaluated|additional/, 'CFG_ERR_BAD_REQUEST'],
  ])('refuses %s with 400 and creates nobody', async (_what, extra, detail, code) => {
    const email = `refused-${Math.random().toString(36).slice(2, 8)}@acme.example`;
    const res = await send('POST', '/users', invitation(email, extra));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code, detail: expect.stringMatching(detail) });
    expect(await refusal(poolUser(email))).toBe('UserNotFoundException');
  });
});

describe('a customer the platform does not hold', () => {
  it('refuses an invitation into it with 422 naming the field, and creates and audits nobody', async () => {
    const email = 'nobody-knows@acme.example';
    const before = (await send('GET', '/audit')).json() as UserAuditPage;
    const res = await send('POST', '/users', invitation(email, { customerId: 'umbrella' }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_CUSTOMER_UNKNOWN', pointer: '/customerId' });
    expect(res.json().detail).toMatch(/umbrella/);
    expect(await refusal(poolUser(email))).toBe('UserNotFoundException');
    expect((await send('GET', '/audit')).json()).toEqual(before);
  });

  it('refuses moving a user into it, and leaves the claim as it was', async () => {
    const { user } = await invite('mover@acme.example');
    const change = { ...invitation(''), customerId: 'umbrella', reason: 'moved' };
    delete (change as { email?: string }).email;
    const res = await send('PUT', `/users/${user.username}`, change);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_CUSTOMER_UNKNOWN' });
    const auth = (await poolUser(user.username)).UserAttributes?.find((a) => a.Name === 'custom:auth')?.Value;
    expect(JSON.parse(auth ?? '{}')).toMatchObject({ customerId: 'acme' });
  });
});

describe('changing a user', () => {
  it("writes the new role, modules and landing module into custom:auth and audits each field's before and after", async () => {
    const { user } = await invite('cole@acme.example');
    const change = { ...invitation(''), role: 'sentient', customerId: null, modules: null, landingPageModuleKey: null, reason: 'moved to operations' };
    delete (change as { email?: string }).email;
    const res = await send('PUT', `/users/${user.username}`, change);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ role: 'sentient', customerId: null, modules: null, landingPageModuleKey: null });
    const auth = (await poolUser(user.username)).UserAttributes?.find((a) => a.Name === 'custom:auth')?.Value;
    expect(JSON.parse(auth ?? '{}')).toEqual({ role: 'sentient', requireMFA: false });
    const [entry] = await auditOf(user.username);
    expect(entry).toMatchObject({ action: 'change', reason: 'moved to operations' });
    expect(entry!.changes).toEqual([
      { field: 'role', before: 'customer', after: 'sentient' },
      { field: 'customerId', before: 'acme', after: null },
      { field: 'modules', before: 'mr, hs', after: null },
      { field: 'landingPageModuleKey', before: 'hs', after: null },
    ]);
  });

  // Issue 37: pat@acme.example's claim as a real pool wrote it (demoAccounts.ts), on both sides of a change.
  const PAT_AUTH = { role: 'customer', customerId: 'ACME', companyName: 'Acme Industrial plc', modules: ['HS'], landingPageModuleKey: null, requireMFA: null };
  const poolWritten = async (email: string, auth: object) => {
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: idp.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'given_name', Value: 'Pat' },
          { Name: 'family_name', Value: 'Pool' },
          { Name: 'custom:auth', Value: JSON.stringify(auth) },
        ],
      }),
    );
    // Made outside the platform: listed in the directory as reconciliation lists it, the MFA state not known.
    await directory.listed([{ ...(await asThePoolHas(email)), mfaSetUp: null }], new Date());
    const listed = ((await send('GET', '/users?customerId=acme')).json() as { users: ManagedUser[] }).users;
    return listed.find((u) => u.email === email)!;
  };
  const asTheFormSends = (user: ManagedUser, extra: Record<string, unknown>) => ({
    givenName: user.givenName,
    familyName: user.familyName,
    role: user.role,
    customerId: user.customerId,
    modules: user.modules,
    landingPageModuleKey: user.landingPageModuleKey,
    requireMFA: user.requireMFA,
    reason: 'name misspelt',
    ...extra,
  });
  const claimInPool = async (username: string) => JSON.parse((await poolUser(username)).UserAttributes?.find((a) => a.Name === 'custom:auth')?.Value ?? '{}');

  it('lists a claim as the platform reads it, and a change of the given name keeps the rest as written: pat stays acme / hs', async () => {
    const pat = await poolWritten('pat.pool@acme.example', PAT_AUTH);
    expect(pat).toMatchObject({ customerId: 'acme', modules: ['hs'], landingPageModuleKey: null, requireMFA: false });
    const res = await send('PUT', `/users/${pat.username}`, asTheFormSends(pat, { givenName: 'Patricia' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ givenName: 'Patricia', customerId: 'acme', modules: ['hs'] });
    expect(await claimInPool(pat.username)).toEqual(PAT_AUTH);
    const [entry] = await auditOf(pat.username);
    expect(entry!.changes).toEqual([{ field: 'givenName', before: 'Pat', after: 'Patricia' }]);
  });

  it('keeps a module key the registry does not know that the user had, and refuses one newly given', async () => {
    const user = await poolWritten('zed@acme.example', { role: 'customer', customerId: 'acme', modules: ['hs', 'zz'] });
    expect(user.modules).toEqual(['hs', 'zz']);
    const kept = await send('PUT', `/users/${user.username}`, asTheFormSends(user, { modules: ['mr', 'hs', 'zz'] }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await claimInPool(user.username)).modules).toEqual(['mr', 'hs', 'zz']);
    const added = await send('PUT', `/users/${user.username}`, asTheFormSends(user, { modules: ['hs', 'zz', 'qq'] }));
    expect(added.statusCode).toBe(400);
    expect(added.json()).toMatchObject({ code: 'CFG_ERR_USER_MODULE_UNKNOWN' });
  });

  it('answers 404 problem+json for a user the pool does not have', async () => {
    const res = await send('POST', '/users/no-such-user/disable', { reason: 'gone' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_USER_NOT_FOUND' });
  });
});

describe('disabling, enabling, MFA and the invitation', () => {
  it('disables a user so they cannot sign in, and enables them again', async () => {
    const email = 'dale@acme.example';
    const { user, password } = await invite(email);
    await firstSignIn(email, password);
    const disabled = await send('POST', `/users/${user.username}/disable`, { reason: 'left the company' });
    expect(disabled.json()).toMatchObject({ enabled: false });
    expect(await refusal(signIn(email, 'Chosen-Passw0rd!'))).toBe('NotAuthorizedException');
    const enabled = await send('POST', `/users/${user.username}/enable`, { reason: 'came back' });
    expect(enabled.json()).toMatchObject({ enabled: true });
    expect(await refusal(signIn(email, 'Chosen-Passw0rd!'))).toBe('signed in');
    expect((await auditOf(user.username)).map((e) => [e.action, e.reason])).toEqual([
      ['enable', 'came back'],
      ['disable', 'left the company'],
      ['invite', 'new hire at acme'],
    ]);
  });

  it("resets a user's authenticator, so sign-in no longer asks for it", async () => {
    const email = 'tess@acme.example';
    const { user, password } = await invite(email, { requireMFA: true });
    const tokens = await firstSignIn(email, password);
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken }));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken, UserCode: authenticator.generate(SecretCode!) }));
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    expect((await signIn(email, 'Chosen-Passw0rd!')).ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    // The web app then sends a fresh token, whose sign-in makes the directory ask the pool again (decision 0091).
    await directory.signedIn(await asThePoolHas(user.username), Math.floor(Date.now() / 1000) + 1);
    expect((await send('GET', '/users?customerId=acme')).json().users.find((u: ManagedUser) => u.email === email)).toMatchObject({ mfa: 'set-up' });

    const res = await send('POST', `/users/${user.username}/reset-mfa`, { reason: 'lost phone' });
    expect(res.statusCode, res.body).toBe(200);
    // Still required by the claim: the service sends them to set it up again (decision 0042).
    expect(res.json()).toMatchObject({ mfa: 'required' });
    expect((await signIn(email, 'Chosen-Passw0rd!')).AuthenticationResult?.IdToken).toBeDefined();
  });

  it('sends the invitation again with a new temporary password, and refuses once the user has signed in (422, the provider named)', async () => {
    const email = 'ross@acme.example';
    const { user, password } = await invite(email);
    const since = mark();
    const res = await send('POST', `/users/${user.username}/resend-invitation`, { reason: 'lost the e-mail' });
    expect(res.statusCode, res.body).toBe(200);
    const again = await temporaryPasswordFor(email, since);
    expect(again).not.toBe(password);
    expect(await refusal(signIn(email, password))).toBe('NotAuthorizedException');
    await firstSignIn(email, again);
    const refused = await send('POST', `/users/${user.username}/resend-invitation`, { reason: 'again' });
    expect(refused.statusCode).toBe(422);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER_REFUSED', providerError: 'UnsupportedUserStateException' });
    expect((await auditOf(user.username)).map((e) => [e.action, e.outcome])).toEqual([
      ['resend-invitation', 'failed'],
      ['resend-invitation', 'done'],
      ['invite', 'done'],
    ]);
  });
});

describe('the audit', () => {
  it('pages newest first with an opaque cursor', async () => {
    const first = (await send('GET', '/audit?limit=2')).json() as UserAuditPage;
    expect(first.entries).toHaveLength(2);
    const second = (await send('GET', `/audit?limit=2&cursor=${first.nextCursor}`)).json() as UserAuditPage;
    expect(Number(second.entries[0]!.id)).toBeLessThan(Number(first.entries[1]!.id));
  });

  it('is refused, like every user-management route, to anyone but staff', async () => {
    const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr'] });
    for (const [method, url] of [
      ['GET', '/audit'],
      ['GET', '/users'],
      ['POST', '/users'],
    ] as const) {
      const res = await send(method, url, method === 'POST' ? invitation('sneak@acme.example') : undefined, customer);
      expect(res.statusCode).toBe(403);
    }
  });
});
