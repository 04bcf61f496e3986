import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../store/database.ts';
import { UserDirectoryStore } from '../store/userDirectoryStore.ts';
import { openMigratedPglite } from '../testing/migratedPglite.ts';
import { directoryClaimedCustomerIds } from './claimedCustomerIds.ts';

const auth = (customerId: unknown) => JSON.stringify({ role: 'customer', customerId });

let db: Database;
let directory: UserDirectoryStore;
beforeAll(async () => {
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
});
afterAll(() => db?.close());

describe('directoryClaimedCustomerIds', () => {
  it('counts the customer ids the directory’s users name, as the platform reads them, from every user', async () => {
    const claims: (string | null)[] = [
      auth('acme'),
      auth('ACME'),
      auth('globex'),
      // Refused at sign-in (decision 0082): a claim no one can sign in with names no customer.
      auth(' ACME '),
      JSON.stringify({ role: 'sentient', customerId: 'initech' }),
      auth('Acme-Rail'),
      auth('-acme'),
      auth('acme industrial'),
      auth(42),
      auth(null),
      JSON.stringify({ role: 'sentient' }),
      '{not json',
      null,
    ];
    await directory.written(
      claims.map((customAuth, i) => ({
        username: `u${i}`,
        sub: `s${i}`,
        email: `u${i}@example.com`,
        givenName: '',
        familyName: '',
        customAuth,
        status: 'CONFIRMED',
        enabled: true,
        mfaSetUp: null,
      })),
    );
    const read = await directoryClaimedCustomerIds(directory).read();
    expect(Object.fromEntries(read.counts)).toEqual({ acme: 2, globex: 1, 'acme-rail': 1 });
    expect(read).toMatchObject({ usersRead: claims.length, complete: true });
  });
});
