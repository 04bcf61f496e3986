// Each verified sign-in refreshes its user in the directory (issue 37, decision 0091): a token verified
// afresh tells the authentication plugin's onVerified hook, which the composition root wires to this.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../store/database.ts';
import { UserDirectoryStore } from '../store/userDirectoryStore.ts';
import { openMigratedPglite } from '../testing/migratedPglite.ts';
import { signedRequest } from '../testing/signedRequest.ts';
import { claims, now, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { refreshFromSignIn } from './refreshFromSignIn.ts';

let apps: TestApps;
let db: Database;
let directory: UserDirectoryStore;
let app: FastifyInstance;
/** The refreshes the hook started, to wait for: the request does not. */
let refreshes: Promise<void>[] = [];

beforeAll(async () => {
  apps = await startTestApps();
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
  const refresh = refreshFromSignIn(directory);
  app = await apps.app({
    userDirectory: directory,
    onVerified: (user, token) => {
      const done = refresh(user, token);
      refreshes.push(done);
      return done;
    },
  });
});
afterAll(async () => {
  await apps.close();
  await db.close();
});
beforeEach(async () => {
  refreshes = [];
  await db.query('delete from user_directory');
  // Pat as an administrator wrote them an hour ago.
  await directory.written([
    {
      username: 'pat',
      sub: 'sub-pat',
      email: 'pat@acme.example',
      givenName: 'Pat',
      familyName: 'Pool',
      customAuth: JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['hs'] }),
      status: 'CONFIRMED',
      enabled: true,
      mfaSetUp: true,
    },
  ]);
  await db.query("update user_directory set updated_at = now() - interval '1 hour'");
});

const patToken = (extra: Record<string, unknown>) =>
  sign(
    claims({
      sub: 'sub-pat',
      'cognito:username': 'pat',
      email: 'pat@acme.example',
      given_name: 'Patricia',
      family_name: 'Pool',
      'custom:auth': JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['hs', 'mr'] }),
      ...extra,
    }),
  );
const manifest = (token: string) => signedRequest(app, token, { url: '/api/v1/manifest' });

describe('a verified sign-in refreshes its user in the directory', () => {
  it("writes a newer token's name and claim, as the pool wrote it, and makes the MFA state unknown", async () => {
    expect((await manifest(patToken({}))).statusCode).toBe(200);
    await Promise.all(refreshes);
    expect(await directory.get('pat')).toMatchObject({
      givenName: 'Patricia',
      customAuth: JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['hs', 'mr'] }),
      mfaSetUp: null,
    });
  });

  it('leaves a row changed after the token was issued as it is', async () => {
    const issued = now() - 2 * 60 * 60;
    expect((await manifest(patToken({ iat: issued, exp: now() + 600 }))).statusCode).toBe(200);
    await Promise.all(refreshes);
    expect(await directory.get('pat')).toMatchObject({ givenName: 'Pat', mfaSetUp: true });
  });

  it('adds a user first seen at sign-in, by their sub when the token names no username, and asks once per token', async () => {
    const token = sign(claims({ sub: 'sub-new', email: 'new@acme.example' }));
    for (let i = 0; i < 3; i++) expect((await manifest(token)).statusCode).toBe(200);
    await Promise.all(refreshes);
    expect(refreshes).toHaveLength(1);
    expect(await directory.get('sub-new')).toMatchObject({ email: 'new@acme.example', enabled: true });
  });
});

describe('a refresh that fails or never ends', () => {
  it('neither fails nor holds the request', async () => {
    for (const onVerified of [() => Promise.reject(new Error('database down')), () => new Promise<void>(() => {})]) {
      const other = await apps.app({ onVerified });
      expect((await signedRequest(other, patToken({}), { url: '/api/v1/manifest' })).statusCode).toBe(200);
    }
  });
});
