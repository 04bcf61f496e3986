// @module-tag hardening/tenants-and-roles
// Nobody makes themselves staff, or takes over another account, through the local identity provider's
// adapter: a real cognito-local behind it, attacked as a browser could, with what the emulator would
// have done had the adapter let the calls through (decision 0041).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { STAFF_ROLE } from '@platform/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../identity/local/demoAccounts.ts';
import localIdpRoutes from '../identity/local/localIdpRoutes.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../identity/local/startLocalIdentityProvider.ts';
import { freePort } from '../testing/serviceProcess.ts';

let dataDir: string;
let idp: LocalIdentityProvider;
let adapter: FastifyInstance;
let base: string;

const STAFF = DEMO_ACCOUNTS.find((a) => a.auth?.role === STAFF_ROLE)?.email ?? '';
const CUSTOMER = DEMO_ACCOUNTS.find((a) => a.auth?.role === 'customer' && !a.auth.requireMFA)?.email ?? '';
const ATTACKER = 'climber@attack.example';
const ATTACKER_PASSWORD = 'Attack-Passw0rd!';
const STAFF_AUTH = JSON.stringify({ role: STAFF_ROLE });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'idp-attack-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The adapter listens where cognito-local calls the token trigger, as the service does.
  idp = await startLocalIdentityProvider({ dataDir, port: await freePort(), lambdaEndpoint: `${base}/idp/lambda`, webOrigins: [base] });
  adapter = Fastify();
  await adapter.register(localIdpRoutes, { upstream: idp.upstream, userPoolId: idp.userPoolId });
  await adapter.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await adapter?.close();
  await idp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A call through the adapter, as the browser makes it: any target and body the attacker likes. */
async function call(target: string, body: object): Promise<{ status: number; type: string | null; body: Record<string, unknown> }> {
  const answer = await fetch(`${base}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body: JSON.stringify(body),
  });
  return { status: answer.status, type: answer.headers.get('x-amzn-errortype'), body: (await answer.json()) as Record<string, unknown> };
}
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
});
