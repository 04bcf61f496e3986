// The behaviour of the guard's counts on every database it runs on; run against PGlite and a PostgreSQL server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreTarget } from './customerStore.contract.ts';
import type { Database } from './database.ts';
import { type GuardOpener, GuardTallyStore } from './guardTallyStore.ts';
import { migrate } from './migrate.ts';

const [ACTIVE, PILOT] = ['aaaaaaaaaaaa', 'bbbbbbbbbbbb'];

export function guardTallyStoreContract(name: string, target: () => StoreTarget) {
  describe(`guard tally store on ${name}`, () => {
    let t: StoreTarget;
    let db: Database;
    const opened: Database[] = [];
    /** `opens` of `moduleKey` by one user, `failures` of them failed, heard under the pilot `release`. */
    const opener = (userSub: string, customerId: string, opens: number, failures: number, moduleKey = 'lcc', release = PILOT): GuardOpener => ({
      pilotRelease: release,
      moduleKey,
      bundleVersion: '1.5.0',
      customerId,
      userSub,
      opens,
      failures,
    });
    const tallies = (store: GuardTallyStore, moduleKey: string) => store.tallies({ release: PILOT, modules: [moduleKey], customers: ['acme'] });

    beforeAll(async () => {
      t = target();
      db = await t.open();
      opened.push(db);
      await migrate(db);
      // A pilot running: the rows the release store would have written.
      for (const id of [ACTIVE, PILOT])
        await db.query(`insert into manifest_releases (id, files, report, author_sub, author_email, reason) values ($1, '{}', '{}', 'test', 'test', 'test')`, [
          id,
        ]);
      await db.query(
        `insert into manifest_release_state (active, pilot_release, pilot_customers, pilot_started_at) values ($1, $2, '{acme}', now())
         on conflict (singleton) do update set active = excluded.active, pilot_release = excluded.pilot_release, pilot_customers = excluded.pilot_customers, pilot_started_at = excluded.pilot_started_at`,
        [ACTIVE, PILOT],
      );
    }, 120_000);
    afterAll(async () => {
      for (const d of opened.reverse()) await d.close().catch(() => undefined);
      await t.dispose?.();
    });

    it("counts each user's first five opens, their failures in proportion, and how many users had them and failed", async () => {
      const store = new GuardTallyStore(db);
      await store.add([opener('u1', 'acme', 20, 20), opener('u2', 'acme', 3, 0), opener('u3', 'globex', 7, 1)]);
      // Later opens of a user add up to five, and no further.
      await store.add([opener('u2', 'acme', 4, 1), opener('u1', 'acme', 9, 9)]);
      expect(await tallies(store, 'lcc')).toEqual(
        expect.arrayContaining([
          { moduleKey: 'lcc', bundleVersion: '1.5.0', inPilot: true, opens: 10, failures: 6, users: 2, failingUsers: 2 },
          { moduleKey: 'lcc', bundleVersion: '1.5.0', inPilot: false, opens: 5, failures: 1, users: 1, failingUsers: 1 },
        ]),
      );
      expect(await tallies(store, 'lcc')).toHaveLength(2);
    });

    it('counts each open once when two replicas write the same users at the same time', async () => {
      const replica = await t.open();
      opened.push(replica);
      const [here, there] = [new GuardTallyStore(db), new GuardTallyStore(replica)];
      const users = Array.from({ length: 12 }, (_, i) => `same-${i}`);
      await Promise.all([here.add(users.map((u) => opener(u, 'acme', 3, 1, 'mr'))), there.add(users.map((u) => opener(u, 'acme', 3, 1, 'mr')))]);
      expect(await tallies(here, 'mr')).toEqual([
        { moduleKey: 'mr', bundleVersion: '1.5.0', inPilot: true, opens: 60, failures: 24, users: 12, failingUsers: 12 },
      ]);
    });

    it("drops what was heard under another pilot's release, and forgets a pilot that ended", async () => {
      const store = new GuardTallyStore(db);
      await store.add([opener('late', 'acme', 5, 5, 'hs', ACTIVE)]);
      expect(await tallies(store, 'hs')).toEqual([]);
      await store.add([opener('u9', 'acme', 5, 5, 'hs')]);
      expect(await tallies(store, 'hs')).toHaveLength(1);
      await db.query(`update manifest_release_state set pilot_release = null, pilot_customers = '{}', pilot_started_at = null`);
      expect(await store.tallies({ release: PILOT, modules: ['hs', 'lcc'], customers: ['acme'] })).toEqual([]);
      // Nothing is counted while no pilot runs.
      await store.add([opener('u10', 'acme', 5, 5, 'hs')]);
      await store.prune();
      const left = await db.query<{ n: number }>('select (select count(*) from pilot_guard_openers) + (select count(*) from pilot_guard_tallies) as n');
      expect(Number(left.rows[0]!.n)).toBe(0);
    });
  });
}
