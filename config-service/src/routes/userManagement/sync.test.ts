// The directory's reconciliation against a real cognito-local, as `npm start` runs it (issue 37): users
// made straight in the pool appear after POST …/sync, a deleted one goes, and the identity provider is
// asked once per 60 users, never once per user.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AdminDeleteUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserAuditPage, UserDirectorySync } from '@platform/schemas';
import { startLocalIdentityProvider, type LocalIdentityProvider } from '../../local/identityProvider/startLocalIdentityProvider.ts';
import type { PlatformServices } from '../../platformServices.ts';
import { DirectorySyncStore } from '../../store/directorySyncStore.ts';
import { freePort } from '../../testing/freePort.ts';
import { localPoolClient, madeInPool } from '../../testing/localPoolClient.ts';
import { signedRequest } from '../../testing/signedRequest.ts';
import { staffToken, startTestApps, tokenFor, type TestApps } from '../../testing/testApp.ts';
import { DirectoryReconciliation } from '../../users/directoryReconciliation.ts';
import { cognitoUserPoolAdmin } from '../../users/userPoolAdmin.ts';

const BASE = '/api/user-management';
const staff = staffToken();
/** Users made straight in the pool: more than one page of ListUsers. */
const MADE = 70;

let dataDir: string;
let idp: LocalIdentityProvider;
let cognito: CognitoIdentityProviderClient;
let apps: TestApps;
let services: PlatformServices;
let app: FastifyInstance;
let reconciliation: DirectoryReconciliation;
/** The identity provider calls the reconciliation made, by command. */
const calls: Record<string, number> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'directory-sync-'));
  idp = await startLocalIdentityProvider({ dataDir, port: await freePort(), lambdaEndpoint: `http://127.0.0.1:${await freePort()}`, webOrigins: [] });
  cognito = localPoolClient(idp.upstream);
  // The reconciliation's own client, counted by command as the pool would bill it.
  const counted = {
    send: ((command: { constructor: { name: string } }, options?: object) => {
      const name = command.constructor.name.replace(/Command$/, '');
      calls[name] = (calls[name] ?? 0) + 1;
      return cognito.send(command as never, options);
    }) as CognitoIdentityProviderClient['send'],
  };
  apps = await startTestApps();
  services = await apps.served(apps.folder);
  reconciliation = new DirectoryReconciliation({
    client: counted,
    userPoolId: idp.userPoolId,
    directory: services.userDirectory,
    sync: new DirectorySyncStore(services.database),
    intervalMs: 15 * 60_000,
    callsPerSecond: 25,
  });
  app = await apps.app({
    releases: services.releases,
    customerModules: services.customerModules,
    userManagement: { pool: cognitoUserPoolAdmin(cognito, idp.userPoolId), sync: reconciliation },
  });
}, 120_000);
afterAll(async () => {
  await reconciliation?.stop();
  await apps?.close();
  cognito?.destroy();
  await idp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const send = (method: 'GET' | 'POST', url: string, payload?: object, token = staff) =>
  signedRequest(app, token, { method, url: `${BASE}${url}`, ...(payload ? { payload } : {}) });

/** Asks for a reconciliation as staff do, and waits until it has run. */
async function sync(reason: string): Promise<UserDirectorySync> {
  for (const name of Object.keys(calls)) delete calls[name];
  const asked = await send('POST', '/sync', { reason });
  expect(asked.statusCode, asked.body).toBe(202);
  expect((asked.json() as UserDirectorySync).requestedAt).not.toBeNull();
  await reconciliation.idle();
  return (await send('GET', '/sync')).json() as UserDirectorySync;
}

describe('POST /api/user-management/sync', () => {
  it('brings in the users made straight in the pool and drops a deleted one, with one ListUsers call per 60 users and no call per user', async () => {
    const made = Array.from({ length: MADE }, (_, i) => ({
      email: `made${i}@initech.example`,
      givenName: `Made${i}`,
      customAuth: JSON.stringify({ role: 'customer', customerId: 'Initech', modules: ['HS'] }),
    }));
    await madeInPool(cognito, idp.userPoolId, made);
    const initech = async () => (await services.userDirectory.page({ customerId: 'initech', query: 'made', limit: 200 })).entries;
    expect(await initech()).toEqual([]);

    const first = await sync('users were migrated into the pool');
    const listed = await initech();
    expect(listed).toHaveLength(MADE);
    expect(listed.find((u) => u.email === 'made7@initech.example')).toMatchObject({ givenName: 'Made7', customAuth: expect.stringContaining('"Initech"') });
    // The demo accounts the local pool is seeded with are there too.
    expect((await services.userDirectory.page({ query: 'engineer@acme', limit: 5 })).entries.map((u) => u.email)).toContain('engineer@acme.example');
    const users = await services.userDirectory.size();
    expect(first).toMatchObject({ running: false, lastRun: { cause: 'request', outcome: 'succeeded', usersListed: users, usersRemoved: 0, error: null } });
    expect(calls).toEqual({ ListUsers: Math.ceil(users / 60) });

    await cognito.send(new AdminDeleteUserCommand({ UserPoolId: idp.userPoolId, Username: listed.find((u) => u.email === 'made7@initech.example')!.username }));
    const second = await sync('made7 was deleted in the console');
    expect((await initech()).map((u) => u.email)).not.toContain('made7@initech.example');
    expect(await initech()).toHaveLength(MADE - 1);
    expect(second.lastRun).toMatchObject({ outcome: 'succeeded', usersListed: users - 1, usersRemoved: 1 });
    expect(second.succeededAt! > first.succeededAt!).toBe(true);
    expect(calls).toEqual({ ListUsers: Math.ceil((users - 1) / 60) });

    // Who asked and why, in the user audit, of no one user.
    const audit = ((await send('GET', '/audit?limit=5')).json() as UserAuditPage).entries;
    expect(audit.slice(0, 2)).toMatchObject([
      { action: 'sync', username: '', reason: 'made7 was deleted in the console', outcome: 'done', actor: { sub: 'user-1' } },
      { action: 'sync', username: '', reason: 'users were migrated into the pool', outcome: 'done' },
    ]);
  }, 120_000);

  it('wants a reason, and is for staff only', async () => {
    expect((await send('POST', '/sync', {})).statusCode).toBe(400);
    const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['hs'] });
    expect((await send('POST', '/sync', { reason: 'mine' }, customer)).statusCode).toBe(403);
    expect((await send('GET', '/sync', undefined, customer)).statusCode).toBe(403);
  });
});
