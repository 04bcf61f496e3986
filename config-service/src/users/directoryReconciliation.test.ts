// The reconciliation of the user directory with the pool (issue 37, decision 0092), against a pool that
// answers as Cognito does (pages of 60 and a token), on a real migrated database.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttributeType } from '@aws-sdk/client-cognito-identity-provider';
import type { Database } from '../store/database.ts';
import { DirectorySyncStore } from '../store/directorySyncStore.ts';
import { type DirectoryEntry, UserDirectoryStore } from '../store/userDirectoryStore.ts';
import { openMigratedPglite } from '../testing/migratedPglite.ts';
import { DirectoryReconciliation, type DirectoryReconciliationOptions } from './directoryReconciliation.ts';

interface PoolUser {
  Username: string;
  Attributes: AttributeType[];
  UserStatus: string;
  Enabled: boolean;
  UserLastModifiedDate?: Date;
}
type Command = { constructor: { name: string }; input: { Limit?: number; PaginationToken?: string } };

const poolUser = (username: string, customerId = 'acme', givenName = 'Given'): PoolUser => ({
  Username: username,
  Attributes: [
    { Name: 'sub', Value: `sub-${username}` },
    { Name: 'email', Value: `${username}@${customerId}.example` },
    { Name: 'given_name', Value: givenName },
    { Name: 'family_name', Value: 'Family' },
    { Name: 'custom:auth', Value: JSON.stringify({ role: 'customer', customerId }) },
  ],
  UserStatus: 'CONFIRMED',
  Enabled: true,
});

/**
 * A pool answering ListUsers as Cognito does, counting every call by command. `before(page)` runs
 * before a page is answered: it may throw (a failed call) or wait (a call in flight).
 */
function fakePool(users: PoolUser[]) {
  const calls: Record<string, number> = {};
  const pool = {
    users,
    calls,
    before: async (_page: number): Promise<void> => undefined,
    send: async (command: Command) => {
      const name = command.constructor.name.replace(/Command$/, '');
      calls[name] = (calls[name] ?? 0) + 1;
      if (name !== 'ListUsers') throw new Error(`unexpected ${name}`);
      const start = Number(command.input.PaginationToken ?? 0);
      await pool.before(start / 60);
      const limit = Math.min(command.input.Limit ?? 60, 60);
      const page = structuredClone(pool.users.slice(start, start + limit));
      return { Users: page, PaginationToken: start + limit < pool.users.length ? String(start + limit) : undefined };
    },
  };
  return pool;
}

/** A promise the test settles when it chooses. */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

let db: Database;
let directory: UserDirectoryStore;
let sync: DirectorySyncStore;
const started: DirectoryReconciliation[] = [];
/** Each wait the reconciliation asked for, in ms; none is really waited. */
let waits: number[];

function reconciliation(pool: ReturnType<typeof fakePool>, options: Partial<DirectoryReconciliationOptions> = {}) {
  const made = new DirectoryReconciliation({
    client: pool as never,
    userPoolId: 'pool',
    directory,
    sync,
    intervalMs: 15 * 60_000,
    callsPerSecond: 1000,
    sleep: async (ms) => waits.push(ms),
    ...options,
  });
  started.push(made);
  return made;
}

const usernames = async () => (await directory.page({ limit: 500 })).entries.map((e) => e.username).sort();
const many = (n: number, customerId = 'acme') => Array.from({ length: n }, (_, i) => poolUser(`u${String(i).padStart(3, '0')}`, customerId));
const entry = (username: string, fields: Partial<DirectoryEntry> = {}): DirectoryEntry => ({
  username,
  sub: `sub-${username}`,
  email: `${username}@acme.example`,
  givenName: 'Given',
  familyName: 'Family',
  customAuth: JSON.stringify({ role: 'customer', customerId: 'acme' }),
  status: 'CONFIRMED',
  enabled: true,
  mfaSetUp: null,
  ...fields,
});

beforeEach(async () => {
  db = await openMigratedPglite();
  directory = new UserDirectoryStore(db);
  sync = new DirectorySyncStore(db);
  waits = [];
});
afterEach(async () => {
  for (const r of started.splice(0)) await r.stop();
  await db.close();
});

describe('directory reconciliation', () => {
  it('adds the users of the pool it does not hold and removes the ones the pool no longer has, with one ListUsers call per 60 users', async () => {
    await directory.written([entry('gone'), entry('u000', { givenName: 'Old' })]);
    const pool = fakePool(many(130, 'globex'));
    await reconciliation(pool).attempt('start');

    expect(await usernames()).toEqual(many(130).map((u) => u.Username));
    expect((await directory.get('u000'))?.givenName).toBe('Given');
    expect(await directory.customerCounts()).toEqual(new Map([['globex', 130]]));
    // No call per user: three pages of ListUsers, and nothing else.
    expect(pool.calls).toEqual({ ListUsers: 3 });
    expect(await sync.state()).toMatchObject({
      running: false,
      lastRun: { cause: 'start', outcome: 'succeeded', usersListed: 130, usersRemoved: 1, error: null },
    });
    expect((await sync.state()).succeededAt).not.toBeNull();
  });

  it("dates an enable made at the pool's console when the pool changed the user, not when the listing noticed (decision 0098)", async () => {
    await directory.written([entry('u000', { enabled: false })]);
    const atConsole = new Date(Date.now() - 10 * 60_000);
    await reconciliation(fakePool([{ ...poolUser('u000'), UserLastModifiedDate: atConsole }])).attempt('start');
    expect(await directory.statusOf('sub-u000')).toMatchObject({ enabled: true, removed: false });
    expect((await directory.statusOf('sub-u000'))?.enabledAt).toBeCloseTo(atConsole.getTime() / 1000, 0);
  });

  it('runs at start only when due: never reconciled, asked for, or the interval past', async () => {
    const pool = fakePool(many(3));
    await reconciliation(pool).attempt('start');
    await reconciliation(pool).attempt('start');
    expect(pool.calls).toEqual({ ListUsers: 1 });
    await reconciliation(pool, { intervalMs: 0 }).attempt('schedule');
    expect(pool.calls).toEqual({ ListUsers: 2 });
  });

  it('never sweeps after a listing that failed part-way, and says why it failed', async () => {
    await directory.written([entry('ghost')]);
    const pool = fakePool(many(100));
    pool.before = async (page) => {
      if (page === 1) throw Object.assign(new Error('the pool is unavailable'), { name: 'InternalErrorException' });
    };
    await reconciliation(pool).attempt('start');

    expect(await usernames()).toContain('ghost');
    expect(await usernames()).toContain('u059');
    expect((await sync.state()).lastRun).toMatchObject({
      outcome: 'failed',
      usersListed: 60,
      usersRemoved: 0,
      error: 'InternalErrorException: the pool is unavailable',
    });
    expect((await sync.state()).succeededAt).toBeNull();

    pool.before = async () => undefined;
    await sync.requested();
    await reconciliation(pool).attempt('request');
    expect(await usernames()).not.toContain('ghost');
  });

  it('backs off and tries again when the identity provider throttles it', async () => {
    const pool = fakePool(many(10));
    let throttles = 2;
    pool.before = async () => {
      if (throttles-- > 0) throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
    };
    await reconciliation(pool).attempt('start');
    expect((await sync.state()).lastRun).toMatchObject({ outcome: 'succeeded', usersListed: 10 });
    expect(pool.calls).toEqual({ ListUsers: 3 });
    // Waited 1 s, then 2 s.
    expect(waits.filter((ms) => ms >= 1000)).toEqual([1000, 2000]);
  });

  it('keeps to the calls a second it is allowed', async () => {
    const pool = fakePool(many(150));
    await reconciliation(pool, { callsPerSecond: 0.01 }).attempt('start');
    expect(pool.calls).toEqual({ ListUsers: 3 });
    // One call each 100 s after the first (the test's sleep returns at once, so the waits add up).
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(90_000);
    expect(waits[0]).toBeLessThanOrEqual(100_000);
    expect(waits[1]).toBeGreaterThan(190_000);
    expect(waits[1]).toBeLessThanOrEqual(200_000);
  });

  it("keeps an administrator's change made while the page was being read", async () => {
    const pool = fakePool([poolUser('pat', 'acme', 'Pat')]);
    const held = gate();
    const reading = gate();
    pool.before = async () => {
      reading.open();
      await held.promise;
    };
    const run = reconciliation(pool).attempt('start');
    await reading.promise;
    // The platform renamed pat after the listing was asked for; the listing still says Pat.
    await directory.written([entry('pat', { givenName: 'Patricia', email: 'pat@acme.example' })]);
    held.open();
    await run;
    expect((await directory.get('pat'))?.givenName).toBe('Patricia');
    expect((await sync.state()).lastRun).toMatchObject({ outcome: 'succeeded', usersRemoved: 0 });
  });

  it('lets one replica reconcile at a time, and the one running takes up what another was asked meanwhile', async () => {
    const poolA = fakePool(many(5));
    const poolB = fakePool(many(5));
    const held = gate();
    const reading = gate();
    let firstRead = true;
    poolA.before = async () => {
      if (!firstRead) return;
      firstRead = false;
      reading.open();
      await held.promise;
    };
    const a = reconciliation(poolA);
    const b = reconciliation(poolB);
    const running = a.attempt('start');
    await reading.promise;
    expect((await b.state()).running).toBe(true);

    // Staff ask on the other replica while the first one lists.
    await b.request();
    await b.idle();
    expect(poolB.calls).toEqual({});
    held.open();
    await running;
    expect(poolB.calls).toEqual({});
    // The first replica ran again for the request, which came after its run began.
    expect(poolA.calls).toEqual({ ListUsers: 2 });
    expect((await a.state()).lastRun).toMatchObject({ cause: 'request', outcome: 'succeeded' });
  });

  it('stops at once when the service stops, and the run is recorded as failed without a sweep', async () => {
    await directory.written([entry('ghost')]);
    const pool = fakePool(many(70));
    const r = reconciliation(pool);
    pool.before = async (page) => {
      if (page === 1) {
        void r.stop();
        throw Object.assign(new Error('aborted'), { name: 'AbortError' });
      }
    };
    await r.attempt('start');
    await r.idle();
    expect(await usernames()).toContain('ghost');
    expect((await sync.state()).lastRun).toMatchObject({ outcome: 'failed', error: 'the service stopped during the reconciliation' });
  });
});
