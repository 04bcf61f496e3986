import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgresDatabase.ts';
import { UserDirectoryStore } from './userDirectoryStore.ts';

// A pool of a real customer's size (issue 37): 100,000 users across 400 customers, on a real PostgreSQL.
// How fast it answers is the bench's to say (`npm run bench -- users`); this says it answers from an index.
const USERS = 100_000;
const CUSTOMERS = 400;

/** The node types of a plan, flattened. */
function nodesOf(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(nodesOf)];
}

describe('user directory at 100,000 users on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let db: Database;
  let store: UserDirectoryStore;

  /** The plan PostgreSQL makes for the query the store runs for `run`, caught as it is sent. */
  async function planOf(run: (store: UserDirectoryStore) => Promise<unknown>): Promise<Record<string, unknown>[]> {
    let caught: { text: string; params?: readonly unknown[] } | undefined;
    const spy = {
      query: (text: string, params?: readonly unknown[]) => {
        caught = { text, params };
        return db.query(text, params);
      },
    } as Database;
    await run(new UserDirectoryStore(spy));
    const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(`explain (format json) ${caught!.text}`, caught!.params);
    return nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
  }

  beforeAll(async () => {
    database = await freshPostgresDatabase(inject('postgresUrl'));
    db = await openPostgres(database.url);
    await migrate(db);
    await db.query(
      `insert into user_directory (username, sub, email, given_name, family_name, custom_auth, customer_id, status, enabled)
       select 'user-' || i, 'sub-' || i, 'user' || i || '@customer' || (i % $2) || '.example', 'Given' || (i % 997), 'Family' || (i % 991),
              '{"role":"Engineer","customerId":"customer' || (i % $2) || '"}', 'customer' || (i % $2), 'CONFIRMED', true
       from generate_series(1, $1) as i`,
      [USERS, CUSTOMERS],
    );
    await db.query('analyze user_directory');
    store = new UserDirectoryStore(db);
  }, 120_000);
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it("answers a customer's first page, the next page and a search from an index, never reading the whole table", async () => {
    const first = await store.page({ customerId: 'customer7', limit: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries.every((e) => e.email.endsWith('@customer7.example'))).toBe(true);
    const second = await store.page({ customerId: 'customer7', limit: 50, after: first.next! });
    expect(second.entries[0]!.email > first.entries[49]!.email).toBe(true);
    const found = await store.page({ customerId: 'customer7', query: 'Family12', limit: 50 });
    expect(found.entries.length).toBeGreaterThan(0);
    expect(found.entries.every((e) => e.familyName.startsWith('Family12'))).toBe(true);

    for (const run of [
      (s: UserDirectoryStore) => s.page({ customerId: 'customer7', limit: 50 }),
      (s: UserDirectoryStore) => s.page({ customerId: 'customer7', limit: 50, after: first.next! }),
      (s: UserDirectoryStore) => s.page({ customerId: 'customer7', query: 'user12', limit: 50 }),
      (s: UserDirectoryStore) => s.page({ customerId: 'customer7', query: 'family12', limit: 50 }),
      (s: UserDirectoryStore) => s.page({ query: 'user123', limit: 50 }),
    ]) {
      const nodes = await planOf(run);
      const types = nodes.map((n) => n['Node Type']);
      expect(types, JSON.stringify(types)).not.toContain('Seq Scan');
      expect(
        nodes.some((n) => String(n['Node Type']).includes('Index') && String(n['Index Name']).startsWith('user_directory')),
        JSON.stringify(types),
      ).toBe(true);
    }
  });
});
