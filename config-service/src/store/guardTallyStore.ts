import { GUARD_OPENS_PER_USER } from '@platform/schemas';
import type { Database } from './database.ts';

/** One user's opens of a module the pilot changes, as one replica heard them since its last write. */
export interface GuardOpener {
  /** The pilot's release when the replica heard them: written only while that pilot still runs. */
  pilotRelease: string;
  moduleKey: string;
  /** '' for the compiled-in screens. */
  bundleVersion: string;
  customerId: string;
  userSub: string;
  opens: number;
  failures: number;
}

/** What the guard counts of a module's version, for the pilot's customers (`inPilot`) or everyone else. */
export interface GuardTally {
  moduleKey: string;
  bundleVersion: string;
  inPilot: boolean;
  /** Counted opens: each user's first GUARD_OPENS_PER_USER. */
  opens: number;
  failures: number;
  /** Users with a counted open, and those of them with a counted failure. */
  users: number;
  failingUsers: number;
}

type LockedOpener = { module_key: string; bundle_version: string; customer_id: string; user_sub: string; opens: number; failures: number };
type TallyRow = { module_key: string; bundle_version: string; in_pilot: boolean; opens: number; failures: number; users: number; failing_users: number };

const RECORD = 'x(m text, v text, c text, u text)';
const keyOf = (m: string, v: string, c: string, u: string) => `${m}\n${v}\n${c}\n${u}`;

/**
 * The running pilot's guard figures (decision 0096): each user's first few opens of each module the pilot
 * changes, and those added up per customer as they change, so that the guard reads a row per customer and
 * version however many users report, and two replicas writing the same user count each open once.
 */
export class GuardTallyStore {
  constructor(
    readonly db: Database,
    private readonly perUser = GUARD_OPENS_PER_USER,
  ) {}

  /** Counts the openers of the pilot running now; those heard under another pilot's release are dropped. */
  async add(openers: readonly GuardOpener[]): Promise<void> {
    if (!openers.length) return;
    await this.db.transaction(async (tx) => {
      // The pilot read once and held: one that ends or starts meanwhile waits for this write, or this one for it.
      const { rows: running } = await tx.query<{ pilot_release: string; started: string }>(
        'select pilot_release, pilot_started_at::text as started from manifest_release_state where pilot_release is not null for share',
      );
      const pilot = running[0];
      const incoming = new Map<string, GuardOpener>();
      for (const o of openers) {
        if (o.pilotRelease !== pilot?.pilot_release) continue;
        const key = keyOf(o.moduleKey, o.bundleVersion, o.customerId, o.userSub);
        const seen = incoming.get(key);
        incoming.set(key, seen ? { ...seen, opens: seen.opens + o.opens, failures: seen.failures + o.failures } : o);
      }
      if (!pilot || !incoming.size) return;
      const keys = JSON.stringify([...incoming.values()].map((o) => ({ m: o.moduleKey, v: o.bundleVersion, c: o.customerId, u: o.userSub })));
      // Its start keys the rows, passed as text: a JavaScript date would lose its microseconds.
      const startedAt = pilot.started;
      // Rows made first and then locked, in key order: two replicas counting the same user wait for each other, never deadlock.
      await tx.query(
        `insert into pilot_guard_openers (pilot_started_at, module_key, bundle_version, customer_id, user_sub)
         select $2::timestamptz, m, v, c, u from json_to_recordset($1::json) as ${RECORD} order by m, v, c, u on conflict do nothing`,
        [keys, startedAt],
      );
      const { rows: locked } = await tx.query<LockedOpener>(
        `select o.module_key, o.bundle_version, o.customer_id, o.user_sub, o.opens, o.failures
         from pilot_guard_openers o join json_to_recordset($1::json) as ${RECORD} on (o.module_key, o.bundle_version, o.customer_id, o.user_sub) = (x.m, x.v, x.c, x.u)
         where o.pilot_started_at = $2::timestamptz order by o.module_key, o.bundle_version, o.customer_id, o.user_sub for update of o`,
        [keys, startedAt],
      );
      const updated: { m: string; v: string; c: string; u: string; o: number; f: number }[] = [];
      const tallies = new Map<string, { m: string; v: string; c: string; o: number; f: number; n: number; nf: number }>();
      for (const row of locked) {
        const heard = incoming.get(keyOf(row.module_key, row.bundle_version, row.customer_id, row.user_sub));
        const [opens, failures] = [Number(row.opens), Number(row.failures)];
        const admitted = Math.max(0, Math.min(heard?.opens ?? 0, this.perUser - opens));
        if (!heard || admitted === 0) continue;
        // Of a batch with more opens than fit, its failures in proportion (half up: one failure in ten is kept).
        const failed = Math.min(admitted, Math.round((heard.failures * admitted) / heard.opens));
        updated.push({ m: row.module_key, v: row.bundle_version, c: row.customer_id, u: row.user_sub, o: opens + admitted, f: failures + failed });
        const tallyKey = keyOf(row.module_key, row.bundle_version, row.customer_id, '');
        const tally = tallies.get(tallyKey) ?? { m: row.module_key, v: row.bundle_version, c: row.customer_id, o: 0, f: 0, n: 0, nf: 0 };
        tally.o += admitted;
        tally.f += failed;
        if (opens === 0) tally.n++;
        if (failures === 0 && failed > 0) tally.nf++;
        tallies.set(tallyKey, tally);
      }
      if (!updated.length) return;
      await tx.query(
        `update pilot_guard_openers o set opens = x.o, failures = x.f
         from json_to_recordset($1::json) as x(m text, v text, c text, u text, o int, f int)
         where o.pilot_started_at = $2::timestamptz and (o.module_key, o.bundle_version, o.customer_id, o.user_sub) = (x.m, x.v, x.c, x.u)`,
        [JSON.stringify(updated), startedAt],
      );
      await tx.query(
        `insert into pilot_guard_tallies as t (pilot_started_at, module_key, bundle_version, customer_id, opens, failures, users, failing_users)
         select $2::timestamptz, m, v, c, o, f, n, nf from json_to_recordset($1::json) as x(m text, v text, c text, o int, f int, n int, nf int) order by m, v, c
         on conflict (pilot_started_at, module_key, bundle_version, customer_id) do update set
           opens = t.opens + excluded.opens, failures = t.failures + excluded.failures,
           users = t.users + excluded.users, failing_users = t.failing_users + excluded.failing_users`,
        [JSON.stringify([...tallies.values()]), startedAt],
      );
    });
  }

  /** The running pilot `release`'s counts of `modules`, by version: its `customers`' apart from everyone else's. */
  async tallies(query: { release: string; modules: readonly string[]; customers: readonly string[] }): Promise<GuardTally[]> {
    if (!query.modules.length) return [];
    const { rows } = await this.db.query<TallyRow>(
      `select t.module_key, t.bundle_version, t.customer_id = any($3::text[]) as in_pilot, sum(t.opens)::int as opens, sum(t.failures)::int as failures,
         sum(t.users)::int as users, sum(t.failing_users)::int as failing_users
       from pilot_guard_tallies t join manifest_release_state s on s.pilot_started_at = t.pilot_started_at and s.pilot_release = $1
       where t.module_key = any($2::text[]) group by 1, 2, 3`,
      [query.release, query.modules, query.customers],
    );
    return rows.map((r) => ({
      moduleKey: r.module_key,
      bundleVersion: r.bundle_version,
      inPilot: r.in_pilot,
      opens: Number(r.opens),
      failures: Number(r.failures),
      users: Number(r.users),
      failingUsers: Number(r.failing_users),
    }));
  }

  /** Drops the counts of pilots no longer running: they judged nothing more. */
  async prune(): Promise<void> {
    for (const table of ['pilot_guard_openers', 'pilot_guard_tallies'])
      await this.db.query(`delete from ${table} g where not exists (select 1 from manifest_release_state s where s.pilot_started_at = g.pilot_started_at)`);
  }
}
