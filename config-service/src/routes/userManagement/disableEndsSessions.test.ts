// @module-tag hardening/tokens
// Issue 37 item 3 (decision 0093): disabling a user ends what they already have. Two replicas on one
// PostgreSQL database, as behind a load balancer, and a real cognito-local: a token both replicas took
// is refused by the one the disable went through at once and by the other within its status window; the
// refresh token is revoked at the identity provider; enabled again, the user signs in afresh.
import { AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PlatformError } from '../../errors.ts';
import { ENABLE_GRACE_SECONDS, UserStatus } from '../../identity/userStatus.ts';
import { DEMO_PASSWORD } from '../../local/demoData/demoAccounts.ts';
import { seedDemoCustomers } from '../../local/demoData/seedDemoCustomers.ts';
import { openPlatformServices, type PlatformServices } from '../../platformServices.ts';
import { DirectorySyncStore } from '../../store/directorySyncStore.ts';
import { openDatabase } from '../../store/openDatabase.ts';
import { freshPostgresDatabase } from '../../testing/freshPostgresDatabase.ts';
import { startLocalIdpBehindAdapter, type LocalIdpBehindAdapter } from '../../testing/localIdpBehindAdapter.ts';
import { signedRequest } from '../../testing/signedRequest.ts';
import { startTestApps, type TestApps } from '../../testing/testApp.ts';
import { DirectoryReconciliation } from '../../users/directoryReconciliation.ts';
import { cognitoUserPoolAdmin, type UserPoolAdmin } from '../../users/userPoolAdmin.ts';

const WINDOW_MS = 10_000;
const TARGET = 'AWSCognitoIdentityProviderService.InitiateAuth';

let local: LocalIdpBehindAdapter;
let cognito: CognitoIdentityProviderClient;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let apps: TestApps;
const replicas: PlatformServices[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
/** How far the replicas' status clocks run ahead of the wall clock: moved on instead of waiting out a window. */
let ahead = 0;

async function replica(poolOf: (pool: UserPoolAdmin) => UserPoolAdmin = (pool) => pool): Promise<FastifyInstance> {
  const db = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' });
  const services = await openPlatformServices(db, () => ({ source: 'store', folder: apps.folder }));
  replicas.push(services);
  const { idp } = local;
  return apps.app({
    ...services,
    authentication: {
      issuer: idp.issuer,
      jwksUrl: idp.jwksUrl,
      clientId: idp.clientId,
      trustLocalKey: true,
      userStatus: new UserStatus(services.userDirectory, { cacheMs: WINDOW_MS, now: () => Date.now() + ahead }),
    },
    userManagement: { pool: poolOf(cognitoUserPoolAdmin(cognito, idp.userPoolId)) },
  });
}

beforeAll(async () => {
  local = await startLocalIdpBehindAdapter('disable-ends-sessions');
  cognito = new CognitoIdentityProviderClient({
    endpoint: local.idp.upstream,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  database = await freshPostgresDatabase(inject('postgresUrl'));
  apps = await startTestApps();
  a = await replica();
  b = await replica();
  await seedDemoCustomers(replicas[0]!.customerModules);
}, 120_000);
afterAll(async () => {
  await apps?.close();
  for (const { releases, customerModules, database: db } of replicas) {
    await releases.close();
    await customerModules.close();
    await db.close();
  }
  await database?.drop();
  await local?.close();
  cognito?.destroy();
}, 30_000);

/** Signs a demo account in at the identity provider as the browser does: its ID and refresh tokens. */
async function signIn(email: string): Promise<{ id: string; refresh: string; username: string }> {
  const answer = await local.call(TARGET, {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: local.idp.clientId,
    AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const result = answer.body.AuthenticationResult as { IdToken: string; RefreshToken: string };
  const claims = JSON.parse(Buffer.from(result.IdToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, string>;
  return { id: result.IdToken, refresh: result.RefreshToken, username: claims['cognito:username']! };
}

/** A refresh grant as Amplify makes it: 'refreshed', or Cognito's refusal. */
async function refresh(token: string): Promise<string> {
  const answer = await local.call(TARGET, { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: local.idp.clientId, AuthParameters: { REFRESH_TOKEN: token } });
  return answer.status === 200 ? 'refreshed' : String(answer.type ?? answer.body.__type);
}

/** What a signed-in request of the user's open tab is answered: the status, and the problem's code. */
async function served(app: FastifyInstance, token: string): Promise<{ status: number; code?: string }> {
  const res = await signedRequest(app, token, { method: 'GET', url: '/api/v1/manifest' });
  return res.statusCode === 200 ? { status: 200 } : { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

/**
 * Until the clock is past the token's iat by more than the grace an enable allows (iat counts whole
 * seconds): an enable then is later than any token of the session it ends could be taken to be.
 */
async function pastIssueOf(token: string): Promise<void> {
  const { iat } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number };
  while (Date.now() / 1000 < iat + 1 + ENABLE_GRACE_SECONDS) await new Promise((resolve) => setTimeout(resolve, 50));
}

const step = async (app: FastifyInstance, staff: string, username: string, path: 'disable' | 'enable') =>
  signedRequest(app, staff, { method: 'POST', url: `/api/user-management/users/${username}/${path}`, payload: { reason: `issue 37: ${path}` } });

describe('disabling a user, on two replicas of one database', () => {
  it('is refused by every replica within the window, remembered tokens included; their refresh token is revoked; enabled, they sign in afresh', async () => {
    const staff = (await signIn('staff@demo.local')).id;
    const analyst = await signIn('analyst@acme.example');
    // Both replicas take the token, and remember it verified and the user enabled.
    expect(await served(a, analyst.id)).toEqual({ status: 200 });
    expect(await served(b, analyst.id)).toEqual({ status: 200 });
    expect(await refresh(analyst.refresh)).toBe('refreshed');

    const disabled = await step(a, staff, analyst.username, 'disable');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ enabled: false });
    // The replica the disable went through refuses at once; the other once its window has passed.
    expect(await served(a, analyst.id)).toEqual({ status: 401, code: 'CFG_ERR_USER_DISABLED' });
    ahead += WINDOW_MS;
    expect(await served(b, analyst.id)).toEqual({ status: 401, code: 'CFG_ERR_USER_DISABLED' });
    expect(await refresh(analyst.refresh)).toBe('NotAuthorizedException');
    // Refused with the code the web app shows the sign-in screen for, as problem+json.
    const refused = await signedRequest(b, analyst.id, { method: 'GET', url: '/api/v1/manifest' });
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ title: 'Account disabled', detail: expect.stringContaining('ask your administrator') });

    await pastIssueOf(analyst.id);
    const enabled = await step(b, staff, analyst.username, 'enable');
    // Enabled again, the token they held before the disable stays refused (decision 0098): asked to sign in afresh.
    expect(await served(b, analyst.id)).toEqual({ status: 401, code: 'CFG_ERR_UNAUTHENTICATED' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const fresh = await signIn('analyst@acme.example');
    expect(await served(b, fresh.id)).toEqual({ status: 200 });
    ahead += WINDOW_MS;
    expect(await served(a, fresh.id)).toEqual({ status: 200 });
    expect(await served(a, analyst.id)).toEqual({ status: 401, code: 'CFG_ERR_UNAUTHENTICATED' });
    // The sessions they had before stay ended: the refresh token was revoked, not only refused while disabled.
    expect(await refresh(analyst.refresh)).toBe('NotAuthorizedException');
    expect(await refresh(fresh.refresh)).toBe('refreshed');
  }, 60_000);

  it('revokes at the enable the refresh tokens a sign-out that failed at the disable left (decision 0098)', async () => {
    const staff = (await signIn('staff@demo.local')).id;
    const planner = await signIn('planner@initech.example');
    const signOutFails = await replica((pool) => ({
      ...pool,
      signOut: async () => {
        throw new PlatformError('CFG_ERR_IDENTITY_PROVIDER', 'the identity provider did not answer');
      },
    }));
    const disabled = await step(signOutFails, staff, planner.username, 'disable');
    expect(disabled.statusCode, disabled.body).toBe(502);
    expect(await served(signOutFails, planner.id)).toEqual({ status: 401, code: 'CFG_ERR_USER_DISABLED' });
    const enabled = await step(a, staff, planner.username, 'enable');
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(await refresh(planner.refresh)).toBe('NotAuthorizedException');
  }, 60_000);

  it('refuses, on every replica, a user deleted from the pool once the reconciliation removed them (decision 0098)', async () => {
    const reconciliation = new DirectoryReconciliation({
      client: cognito,
      userPoolId: local.idp.userPoolId,
      directory: replicas[0]!.userDirectory,
      sync: new DirectorySyncStore(replicas[0]!.database),
      intervalMs: 0,
      callsPerSecond: 25,
    });
    await reconciliation.attempt('schedule');
    const viewer = await signIn('viewer@globex.example');
    expect(await served(a, viewer.id)).toEqual({ status: 200 });
    expect(await served(b, viewer.id)).toEqual({ status: 200 });

    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: local.idp.userPoolId, Username: viewer.username }));
    await reconciliation.attempt('schedule');
    ahead += WINDOW_MS;
    for (const replica of [a, b]) expect(await served(replica, viewer.id)).toEqual({ status: 401, code: 'CFG_ERR_USER_DISABLED' });
  }, 60_000);
});
