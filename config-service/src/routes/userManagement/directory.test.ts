// The users list reads the platform's user directory, a page at a time, and every change the platform
// makes at the pool is written through to it (issue 37, decision 0091). The pool here is one in memory
// whose calls are counted: the list must not ask it about the users of the pool, only about the MFA
// state of a page's users the directory does not know yet.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManagedUser, ManagedUserList } from '@platform/schemas';
import type { Database } from '../../store/database.ts';
import { type DirectoryEntry, UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { memoryUserPool } from '../../testing/memoryUserPool.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import { signedRequest } from '../../testing/signedRequest.ts';
import { staffToken, startTestApps, type TestApps } from '../../testing/testApp.ts';
import { toManagedUser } from '../../users/managedUser.ts';
import type { UserPoolAdmin } from '../../users/userPoolAdmin.ts';

const staff = staffToken();
const BASE = '/api/user-management';

const entry = (email: string, customAuth: string | null, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  username: email,
  sub: `sub-${email}`,
  email,
  givenName: 'Given',
  familyName: 'Family',
  customAuth,
  status: 'CONFIRMED',
  enabled: true,
  mfaSetUp: false,
  ...extra,
});
const acme = (extra: object = {}) => JSON.stringify({ role: 'customer', customerId: 'acme', ...extra });

/** A user as the pool holds them, MFA set up or not. */
const pooled = (email: string, customAuth: string, { mfa = false, givenName = 'Given' } = {}): ManagedUser =>
  toManagedUser({
    Username: email,
    UserStatus: 'CONFIRMED',
    Enabled: true,
    UserMFASettingList: mfa ? ['SOFTWARE_TOKEN_MFA'] : [],
    Attributes: [
      { Name: 'sub', Value: `sub-${email}` },
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: givenName },
      { Name: 'family_name', Value: 'Family' },
      { Name: 'custom:auth', Value: customAuth },
    ],
  });

/** The pool's calls, by method, since the last `calls.clear()`. */
const calls = new Map<string, number>();
/** `pool` with each call counted. */
const counted = (pool: UserPoolAdmin): UserPoolAdmin =>
  new Proxy(pool, {
    get:
      (target, name: string) =>
      (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (target[name as keyof UserPoolAdmin] as (...a: unknown[]) => unknown)(...args);
      },
  });

let apps: TestApps;
let app: FastifyInstance;
let db: Database;
let directory: UserDirectoryStore;
/** The pool's users; the directory's rows of them are written by each test. */
let poolUsers: ManagedUser[];

beforeAll(async () => {
  apps = await startTestApps();
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
  poolUsers = [];
  app = await apps.app({ userDirectory: directory, userManagement: { pool: counted(memoryUserPool(poolUsers)) } });
});
afterAll(async () => {
  await apps.close();
  await db.close();
});
beforeEach(async () => {
  await db.query('delete from user_directory');
  poolUsers.splice(0);
  calls.clear();
});

const list = async (query: string): Promise<ManagedUserList> => {
  const res = await signedRequest(app, staff, { method: 'GET', url: `${BASE}/users${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ManagedUserList;
};
/** Every page of a query, following nextCursor, and how many pages it took. */
async function everyPage(query: string): Promise<{ users: ManagedUser[]; pages: number }> {
  const users: ManagedUser[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: ManagedUserList = await list(`${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    users.push(...page.users);
    cursor = page.nextCursor;
    pages++;
  } while (cursor);
  return { users, pages };
}

describe('the users list, from the directory', () => {
  it('answers from the directory alone: no call to the pool for users whose MFA state it knows', async () => {
    await directory.written([entry('ann@acme.example', acme()), entry('bob@acme.example', acme(), { mfaSetUp: true }), entry('gus@globex.example', null)]);
    const page = await list('?customerId=acme');
    expect(page.users.map((u) => [u.email, u.customerId, u.mfa])).toEqual([
      ['ann@acme.example', 'acme', 'off'],
      ['bob@acme.example', 'acme', 'set-up'],
    ]);
    expect(page.nextCursor).toBeNull();
    expect(calls.size).toBe(0);
  });

  it("asks the pool once for each of the page's users whose MFA state is unknown, records it, and never again", async () => {
    const unknown = Array.from({ length: 30 }, (_, n) => `u${String(n).padStart(2, '0')}@acme.example`);
    await directory.written(unknown.map((email) => entry(email, acme({ requireMFA: true }), { mfaSetUp: null })));
    poolUsers.push(...unknown.map((email, n) => pooled(email, acme({ requireMFA: true }), { mfa: n % 2 === 0 })));

    const first = await list('?customerId=acme&limit=10');
    // The page's ten, not the thirty.
    expect(calls.get('get')).toBe(10);
    expect(first.users.map((u) => u.mfa)).toEqual(Array.from({ length: 10 }, (_, n) => (n % 2 === 0 ? 'set-up' : 'required')));
    calls.clear();
    expect((await list('?customerId=acme&limit=10')).users).toEqual(first.users);
    expect(calls.size).toBe(0);
    expect(await directory.get('u00@acme.example')).toMatchObject({ mfaSetUp: true });
  });

  it('drops a user the pool no longer has when it is asked for their MFA state', async () => {
    await directory.written([entry('gone@acme.example', acme(), { mfaSetUp: null }), entry('kept@acme.example', acme())]);
    expect((await list('?customerId=acme')).users.map((u) => u.email)).toEqual(['kept@acme.example']);
    expect(await directory.get('gone@acme.example')).toBeUndefined();
  });

  it('pages by e-mail address with nextCursor, without a skip or a repeat, up to 200 a page and 50 when not asked', async () => {
    const emails = Array.from({ length: 260 }, (_, n) => `user${String(n).padStart(3, '0')}@acme.example`);
    await directory.written([...emails.map((email) => entry(email, acme())), entry('other@globex.example', null)]);
    const byFifty = await everyPage('?customerId=acme');
    expect(byFifty.pages).toBe(6);
    expect(byFifty.users.map((u) => u.email)).toEqual(emails);
    const largest = await list('?customerId=acme&limit=200');
    expect(largest.users).toHaveLength(200);
    expect((await signedRequest(app, staff, { method: 'GET', url: `${BASE}/users?limit=201` })).statusCode).toBe(400);
    // Everyone's: the other customer's user too.
    expect((await everyPage('?limit=100')).users).toHaveLength(261);
  });

  it('matches the start of the e-mail address, given or family name in any case, and nothing inside them', async () => {
    await directory.written([
      entry('alma@acme.example', acme(), { givenName: 'Alma', familyName: 'Berg' }),
      entry('b.one@acme.example', acme(), { givenName: 'Bea', familyName: 'Almond' }),
      entry('carl@acme.example', acme(), { givenName: 'ALMut', familyName: 'Cole' }),
      entry('dalma@acme.example', acme(), { givenName: 'Dalma', familyName: 'Dunn' }),
      entry('alf@globex.example', JSON.stringify({ role: 'customer', customerId: 'globex' }), { givenName: 'Alf' }),
      entry('al_x@acme.example', acme(), { givenName: 'X' }),
    ]);
    const found = async (query: string) => (await list(`?customerId=acme&query=${encodeURIComponent(query)}`)).users.map((u) => u.email);
    expect(await found('aLm')).toEqual(['alma@acme.example', 'b.one@acme.example', 'carl@acme.example']);
    // LIKE's own characters are taken literally.
    expect(await found('al_')).toEqual(['al_x@acme.example']);
    expect(await found('%')).toEqual([]);
    expect((await signedRequest(app, staff, { method: 'GET', url: `${BASE}/users?query=${'a'.repeat(101)}` })).statusCode).toBe(400);
  });

  it('refuses a cursor it did not give out with 400 problem+json', async () => {
    for (const cursor of [
      'not-a-cursor',
      Buffer.from(JSON.stringify({ before: '12' })).toString('base64url'),
      Buffer.from('{"after":["a"]}').toString('base64url'),
    ]) {
      const res = await signedRequest(app, staff, { method: 'GET', url: `${BASE}/users?cursor=${cursor}` });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ code: 'CFG_ERR_CURSOR_INVALID' });
    }
  });
});

describe('write-through: every change the platform makes shows in the list at once', () => {
  const send = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => signedRequest(app, staff, { method, url: `${BASE}${url}`, payload });
  const listed = async (email: string) => (await list('?customerId=acme')).users.find((u) => u.email === email);
  const fields = {
    givenName: 'Ivy',
    familyName: 'Invited',
    role: 'customer',
    customerId: 'acme',
    modules: ['mr'],
    landingPageModuleKey: 'mr',
    requireMFA: false,
  };

  it('an invitation', async () => {
    expect((await send('/users', { email: 'ivy@acme.example', ...fields, reason: 'new hire' })).statusCode).toBe(201);
    expect(await listed('ivy@acme.example')).toMatchObject({ givenName: 'Ivy', customerId: 'acme', modules: ['mr'], status: 'FORCE_CHANGE_PASSWORD' });
  });

  it('a change, keeping the claim as the pool wrote it', async () => {
    poolUsers.push(pooled('pat@acme.example', '{"role":"customer","customerId":"ACME","modules":["HS"],"extra":1}', { givenName: 'Pat' }));
    await directory.written([entry('pat@acme.example', acme(), { givenName: 'Pat' })]);
    const res = await send('/users/pat@acme.example', { ...fields, givenName: 'Patricia', modules: ['hs'], landingPageModuleKey: null, reason: 'name' }, 'PUT');
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed('pat@acme.example')).toMatchObject({ givenName: 'Patricia', modules: ['hs'] });
    expect(JSON.parse((await directory.get('pat@acme.example'))!.customAuth!)).toMatchObject({ customerId: 'ACME', modules: ['HS'], extra: 1 });
  });

  it.each([
    ['disable', { enabled: true }, { enabled: false }],
    ['enable', { enabled: false }, { enabled: true }],
    ['reset-mfa', { mfaSetUp: true }, { mfa: 'off' }],
    // Nothing the list shows changes: the user as the pool has them is written, here their name.
    ['resend-invitation', { givenName: 'Stale' }, { givenName: 'Given' }],
  ] as const)('%s', async (step, was, is) => {
    const user = pooled('dee@acme.example', acme(), { mfa: step === 'reset-mfa' });
    if (step === 'enable') user.enabled = false;
    poolUsers.push(user);
    await directory.written([entry('dee@acme.example', acme(), was)]);
    const res = await send(`/users/dee@acme.example/${step}`, { reason: 'test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await listed('dee@acme.example')).toMatchObject(is);
  });
});
