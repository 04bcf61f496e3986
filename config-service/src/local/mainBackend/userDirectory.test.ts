import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../store/database.ts';
import { type DirectoryEntry, UserDirectoryStore } from '../../store/userDirectoryStore.ts';
import { openMigratedPglite } from '../../testing/migratedPglite.ts';
import { directoryUsers } from './userDirectory.ts';

const entry = (n: number, customAuth: string | null, extra: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  username: `u${n}`,
  sub: `sub-${n}`,
  email: `user${String(n).padStart(3, '0')}@x.example`,
  givenName: `Given${n}`,
  familyName: `Family${n}`,
  customAuth,
  status: 'CONFIRMED',
  enabled: true,
  mfaSetUp: false,
  ...extra,
});
const acme = (extra: object = {}) => JSON.stringify({ role: 'customer', customerId: 'acme', ...extra });

let db: Database;
let store: UserDirectoryStore;
/** How many pages the stand-in asked the directory for. */
let pagesRead = 0;
beforeAll(async () => {
  db = await openMigratedPglite();
  store = new UserDirectoryStore(db);
  // 450 of acme's users (more than two of the stand-in's pages), written as a real pool writes claims, and others.
  await store.written(Array.from({ length: 450 }, (_, n) => entry(n, n === 1 ? '{"role":"customer","customerId":"ACME","modules":["HS"]}' : acme())));
  await store.written([
    entry(900, JSON.stringify({ role: 'customer', customerId: 'globex' })),
    entry(901, acme({ requireMFA: true }), { mfaSetUp: null }),
    entry(902, acme({ requireMFA: true }), { mfaSetUp: true, enabled: false }),
    entry(903, '{not json'),
  ]);
});
afterAll(() => db.close());

const counting = (): Pick<UserDirectoryStore, 'page'> => ({
  page: (query) => {
    pagesRead++;
    return store.page(query);
  },
});

describe("the main backend stand-in's users, from the user directory", () => {
  it("reads every page of a customer's users, in e-mail order, and no one else's", async () => {
    pagesRead = 0;
    const users = await directoryUsers(counting(), 'acme');
    expect(users).toHaveLength(452);
    expect(pagesRead).toBe(3);
    expect(new Set(users.map((u) => u.username)).size).toBe(452);
    expect(users.map((u) => u.email)).toEqual(users.map((u) => u.email).sort());
    expect(users.every((u) => u.customerId === 'acme')).toBe(true);
  });

  it('reads the claim as the platform reads it, and the MFA state the directory knows, or the claim where it does not', async () => {
    const users = await directoryUsers(counting());
    const of = (username: string) => users.find((u) => u.username === username);
    expect(of('u1')).toMatchObject({ role: 'customer', customerId: 'acme', mfa: 'off' });
    expect(of('u900')).toMatchObject({ customerId: 'globex', email: 'user900@x.example', givenName: 'Given900', familyName: 'Family900' });
    expect(of('u901')).toMatchObject({ mfa: 'required' });
    expect(of('u902')).toMatchObject({ mfa: 'set-up', enabled: false });
    expect(of('u903')).toMatchObject({ role: null, customerId: null, mfa: 'off' });
    expect(users).toHaveLength(454);
  });
});
