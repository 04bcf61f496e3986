// The user-management API's calls to the identity provider are bounded (issue 37): a provider that
// never answers is a 504 problem in bounded time, a client that goes away stops the calls it started,
// and no database transaction is held while the provider works: the audit entry is pending meanwhile
// and settled after, as done or failed.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, UserAuditPage } from '@platform/schemas';
import type { Database } from '../../store/database.ts';
import { UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { memoryUserPool } from '../../testing/memoryUserPool.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import { bearer, signedRequest } from '../../testing/signedRequest.ts';
import { staffToken, startTestApps, type TestApps } from '../../testing/testApp.ts';
import { toManagedUser } from '../../users/managedUser.ts';
import { cognitoUserPoolAdmin, type UserPoolAdmin } from '../../users/userPoolAdmin.ts';

const staff = staffToken();
const BASE = '/api/user-management';
const una = (): ManagedUser =>
  toManagedUser({
    Username: 'u-1',
    UserStatus: 'CONFIRMED',
    Attributes: [
      { Name: 'email', Value: 'una@acme.example' },
      { Name: 'custom:auth', Value: '{"role":"customer"}' },
    ],
  });

/** A promise and the functions that settle it, for a step the test lets finish when it chooses. */
function gate<T = void>() {
  let open!: (value: T) => void;
  let fail!: (error: unknown) => void;
  const promise = new Promise<T>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** A memory pool whose disable waits for the test: `started` resolves with the call's signal. */
function heldPool() {
  let started = gate<AbortSignal>();
  let finish = gate();
  const memory = memoryUserPool([una()]);
  const pool: UserPoolAdmin = {
    ...memory,
    // As a real pool's read: none once the request's signal has aborted.
    get: async (username, signal) => {
      signal?.throwIfAborted();
      return memory.get(username);
    },
    disable: async (_username, signal) => {
      started.open(signal!);
      await finish.promise;
    },
  };
  return {
    pool,
    started: () => started.promise,
    finish: () => finish,
    reset() {
      started = gate<AbortSignal>();
      finish = gate();
    },
  };
}

let apps: TestApps;
let held: ReturnType<typeof heldPool>;
let heldApp: FastifyInstance;
let hangingApp: FastifyInstance;
/** Answers AdminGetUser as the pool would, and never answers anything else. */
let hanging: Server;
let cognito: CognitoIdentityProviderClient;
let db: Database;
/** The held app's user directory. */
let directory: UserDirectoryStore;
beforeAll(async () => {
  hanging = createServer((req, res) => {
    if (req.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.AdminGetUser') {
      res.setHeader('content-type', 'application/x-amz-json-1.1');
      res.end(JSON.stringify({ Username: 'u-1', UserAttributes: [{ Name: 'email', Value: 'una@acme.example' }], UserStatus: 'CONFIRMED', Enabled: true }));
    }
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  cognito = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  apps = await startTestApps();
  held = heldPool();
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
  heldApp = await apps.app({ userDirectory: directory, userManagement: { pool: held.pool } });
  hangingApp = await apps.app({ userManagement: { pool: cognitoUserPoolAdmin(cognito, 'pool-1', { timeoutMs: 300 }) } });
}, 60_000);
afterAll(async () => {
  await apps?.close();
  await db?.close();
  hanging?.closeAllConnections();
  hanging?.close();
  cognito?.destroy();
});

const newest = async (app: FastifyInstance) =>
  ((await signedRequest(app, staff, { method: 'GET', url: `${BASE}/audit?limit=1` })).json() as UserAuditPage).entries[0];
const disable = (app: FastifyInstance) => signedRequest(app, staff, { method: 'POST', url: `${BASE}/users/u-1/disable`, payload: { reason: 'left' } });

describe('an identity provider that never answers', () => {
  it('is a 504 problem saying so, and the audit entry is settled as failed', async () => {
    const res = await disable(hangingApp);
    expect(res.statusCode, res.body).toBe(504);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER_TIMEOUT', title: 'The identity provider did not answer in time' });
    expect(await newest(hangingApp)).toMatchObject({ action: 'disable', outcome: 'failed' });
  });

  it('does not hold the list, which reads the user directory (decision 0091)', async () => {
    const res = await signedRequest(hangingApp, staff, { method: 'GET', url: `${BASE}/users` });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('while the identity provider works on a change', () => {
  it('holds no transaction: the audit reads meanwhile, pending, and the entry is settled done after', async () => {
    held.reset();
    const answer = disable(heldApp);
    await held.started();
    expect(await newest(heldApp)).toMatchObject({ action: 'disable', outcome: 'pending' });
    held.finish().open();
    expect((await answer).statusCode).toBe(200);
    expect(await newest(heldApp)).toMatchObject({ action: 'disable', outcome: 'done' });
  });

  it('settles the entry as failed when the provider refuses', async () => {
    held.reset();
    const answer = disable(heldApp);
    await held.started();
    held.finish().fail(Object.assign(new Error('refused'), { name: 'InternalErrorException' }));
    expect((await answer).statusCode).toBe(500);
    expect(await newest(heldApp)).toMatchObject({ action: 'disable', outcome: 'failed' });
  });

  /** Asks the held app over a socket to disable una; once the provider has the call, the call's signal and a way to hang up. */
  async function disableOverSocket() {
    held.reset();
    if (!heldApp.server.listening) await heldApp.listen({ port: 0, host: '127.0.0.1' });
    const { port } = heldApp.server.address() as AddressInfo;
    const body = JSON.stringify({ reason: 'left' });
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `${BASE}/users/u-1/disable`,
      headers: bearer(staff, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
    });
    req.on('error', () => undefined);
    req.end(body);
    const signal = await held.started();
    const hangUp = async () => {
      const aborted = new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      req.destroy();
      await aborted;
    };
    return { signal, hangUp };
  }

  it('stops the call when the client goes away', async () => {
    const { signal, hangUp } = await disableOverSocket();
    expect(signal.aborted).toBe(false);
    await hangUp();
    expect(signal.aborted).toBe(true);
    held.finish().fail(signal.reason);
  });

  it('still writes a change the provider made through to the user directory when the client has gone (decision 0091)', async () => {
    await db.query('delete from user_directory');
    const { hangUp } = await disableOverSocket();
    await hangUp();
    // The provider had made the change before it heard the client was gone.
    held.finish().open();
    await expect.poll(() => directory.get('u-1')).toMatchObject({ email: 'una@acme.example' });
  });
});
