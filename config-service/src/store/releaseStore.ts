import type { Release, ReleaseAuditPage, ReleaseState, ReleaseSummary } from '@platform/schemas';
import { auditEntryHead, type AuditRowHead, iso } from './auditEntryHead.ts';
import type { Database, Sql } from './database.ts';
import type { Actor } from './customerStore.ts';
import { prune } from './pruneReleases.ts';

/** The channel every replica listens on; the payload is the new state's generation. */
const RELEASE_CHANNEL = 'manifest_releases';

/** A release as the list gives it, with its place in the order of publishing (the paging key). */
export type ListedRelease = ReleaseSummary & { seq: string };

/** What is in service, and a counter of changes every replica compares to know it has the latest. */
export type InServiceState = ReleaseState & { generation: number };

type ReleaseAuditEntry = ReleaseAuditPage['entries'][number];
type ReleaseAction = ReleaseAuditEntry['action'];

/** A step on the state, refused unless the active release is still `expectedActive` (If-Match). */
export interface ReleaseStepInput {
  release: string;
  expectedActive: string;
  reason: string;
  actor: Actor;
}

/**
 * done: applied (or nothing to apply: `changed` false); conflict: the state moved on, or the pilot
 * step does not fit the pilot running (`state` is what is there); unknown-release: no such release.
 */
export type StepResult =
  | { outcome: 'done'; state: InServiceState; changed: boolean }
  | { outcome: 'conflict'; state: InServiceState; why: string }
  | { outcome: 'unknown-release' };

type ReleaseRow = {
  id: string;
  files: unknown;
  report: unknown;
  author_sub: string;
  author_email: string;
  published_at: Date | string;
  reason: string;
  parent: string | null;
  seq: string;
};
type StateRow = {
  active: string;
  pilot_release: string | null;
  pilot_customers: string[] | string;
  generation: string | number;
  pilot_guard?: unknown;
  pilot_started_at?: Date | string | null;
};

/** A pilot's guard (decision 0088): the share of opens that may fail once there are `minOpens` among its users. */
export interface PilotGuardLimits {
  maxErrorRate: number;
  minOpens: number;
}

/** The pilot running, with when it started and its guard (null: none). */
export interface RunningPilot {
  active: string;
  release: string;
  customers: string[];
  startedAt: Date;
  guard: PilotGuardLimits | null;
}
type AuditRow = AuditRowHead & {
  action: ReleaseAction;
  release: string;
  previous: string | null;
  customers: string[] | string;
  reason: string;
};

// json columns arrive parsed from pg and PGlite alike; text[] too, but be liberal with a literal.
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const textArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

function toState(row: StateRow): InServiceState {
  const customers = textArray(row.pilot_customers);
  return { active: row.active, pilot: row.pilot_release ? { release: row.pilot_release, customers } : null, generation: Number(row.generation) };
}

const STATE_COLUMNS = 'active, pilot_release, pilot_customers, generation, pilot_guard, pilot_started_at';

/**
 * Manifest releases in PostgreSQL; the same SQL on PGlite and on a server. Every step on the state is
 * one transaction: the row is locked, the If-Match checked against it, the state and its audit entry
 * written, and the notification sent on commit, so every replica hears of exactly the steps taken.
 */
export class ReleaseStore {
  constructor(readonly db: Database) {}

  /** What is in service; undefined before the first release. */
  async state(sql: Sql = this.db): Promise<InServiceState | undefined> {
    const { rows } = await sql.query<StateRow>(`select ${STATE_COLUMNS} from manifest_release_state`);
    return rows[0] && toState(rows[0]);
  }

  /** A release with its files; undefined when there is none, or its files were pruned. */
  async get(id: string): Promise<Release | undefined> {
    const { rows } = await this.db.query<ReleaseRow>(
      'select id, files, report, author_sub, author_email, published_at, reason, parent, seq::text as seq from manifest_releases where id = $1 and files is not null',
      [id],
    );
    return rows[0] && { ...summary(rows[0]), files: json(rows[0].files), report: json(rows[0].report) };
  }

  /** Releases newest first, pruned ones left out (nothing can be done with them); `beforeSeq` continues after the previous page's last. */
  async list(query: { limit: number; beforeSeq?: string }): Promise<ListedRelease[]> {
    const params: unknown[] = [query.limit];
    if (query.beforeSeq !== undefined) params.push(query.beforeSeq);
    const { rows } = await this.db.query<ReleaseRow>(
      `select id, author_sub, author_email, published_at, reason, parent, seq::text as seq from manifest_releases
       where files is not null ${query.beforeSeq !== undefined ? 'and seq < $2::bigint' : ''} order by seq desc limit $1`,
      params,
    );
    return rows.map((r) => ({ ...summary(r), seq: r.seq }));
  }

  /**
   * Stores a release unless its content already is one (its id is its content's hash; one whose files
   * were pruned is published anew, newest again, rather than pruned at once again); its parent is the release active at the time. The first release ever
   * becomes the active one in the same transaction: two replicas seeding an empty store at once leave
   * one state, not two. Past `kept` releases, the oldest lose their files (`pruned`).
   */
  async publish(
    release: {
      id: string;
      files: Release['files'];
      report: Release['report'];
      reason: string;
      author: Actor;
    },
    kept = 0,
  ): Promise<{ created: boolean; release: Release; state: InServiceState; pruned: string[] }> {
    const result = await this.db.transaction(async (tx) => {
      await tx.query('lock table manifest_release_state in exclusive mode');
      const before = await this.state(tx);
      const { rows } = await tx.query<{ id: string }>(
        `insert into manifest_releases (id, files, report, author_sub, author_email, reason, parent)
         values ($1, $2::json, $3::json, $4, $5, $6, $7)
         on conflict (id) do update set files = excluded.files, report = excluded.report, author_sub = excluded.author_sub,
           author_email = excluded.author_email, reason = excluded.reason, parent = excluded.parent, published_at = now(),
           seq = nextval(pg_get_serial_sequence('manifest_releases', 'seq'))
         where manifest_releases.files is null returning id`,
        [
          release.id,
          JSON.stringify(release.files),
          JSON.stringify(release.report),
          release.author.sub,
          release.author.email,
          release.reason,
          before?.active ?? null,
        ],
      );
      const created = rows.length > 0;
      if (created) await audit(tx, release.author, 'publish', release.id, before?.active ?? null, [], release.reason);
      if (before) return { created, state: before, pruned: created && kept > 0 ? await prune(tx, before, kept) : [] };
      const { rows: state } = await tx.query<StateRow>(`insert into manifest_release_state (active) values ($1) returning ${STATE_COLUMNS}`, [release.id]);
      await audit(tx, release.author, 'activate', release.id, null, [], release.reason);
      await notify(tx, state[0]!);
      return { created, state: toState(state[0]!), pruned: [] };
    });
    return { ...result, release: (await this.get(release.id))! };
  }

  /** Makes a release the one everyone gets (publishing, or rolling back); a pilot of that release ends with it. */
  async activate(step: ReleaseStepInput): Promise<StepResult> {
    return this.#step(step, 'activate', (state) => {
      if (state.active === step.release) return { active: state.active, pilot: state.pilot };
      return { active: step.release, pilot: state.pilot?.release === step.release ? null : state.pilot };
    });
  }

  /** The pilot running, with its start and guard; undefined when none runs. */
  async pilot(): Promise<RunningPilot | undefined> {
    const { rows } = await this.db.query<StateRow>(`select ${STATE_COLUMNS} from manifest_release_state where pilot_release is not null`);
    const row = rows[0];
    if (!row?.pilot_release || !row.pilot_started_at) return undefined;
    return {
      active: row.active,
      release: row.pilot_release,
      customers: textArray(row.pilot_customers),
      startedAt: new Date(row.pilot_started_at),
      guard: row.pilot_guard ? json<PilotGuardLimits>(row.pilot_guard) : null,
    };
  }

  /**
   * Serves a release to the named customers first, watched by `guard` if given; refused while another
   * release is in pilot. Starting the pilot running again changes its customers and guard, not its start.
   */
  async startPilot(step: ReleaseStepInput & { customers: readonly string[]; guard?: PilotGuardLimits }): Promise<StepResult> {
    const customers = [...new Set(step.customers)].sort();
    return this.#step({ ...step, customers, guard: step.guard ?? null }, 'pilot-start', (state) => {
      if (state.pilot && state.pilot.release !== step.release)
        return `release ${state.pilot.release} is in pilot for ${state.pilot.customers.join(', ')}: promote or end it first`;
      if (state.active === step.release) return `release ${step.release} is already active for everyone`;
      return { active: state.active, pilot: { release: step.release, customers } };
    });
  }

  /** Ends the pilot of `release`: its customers get the active release again. */
  async endPilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#step(step, 'pilot-end', (state) => {
      if (state.pilot?.release !== step.release) return state.pilot ? `release ${state.pilot.release} is in pilot, not ${step.release}` : 'no pilot is running';
      return { active: state.active, pilot: null };
    });
  }

  /** The pilot's release becomes the one everyone gets. */
  async promotePilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#step(step, 'pilot-promote', (state) => {
      if (state.pilot?.release !== step.release) return state.pilot ? `release ${state.pilot.release} is in pilot, not ${step.release}` : 'no pilot is running';
      return { active: step.release, pilot: null };
    });
  }

  /**
   * The guard ends the pilot it judged (decision 0088), if it still runs: the same release started at the
   * same time. Decided under the state's row lock, so of several replicas judging at once one ends it and
   * the others find it gone. True when this call ended it.
   */
  async endGuardedPilot(pilot: Pick<RunningPilot, 'release' | 'startedAt'>, actor: Actor, reason: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<StateRow>(`select ${STATE_COLUMNS} from manifest_release_state for update`);
      const row = rows[0];
      if (!row || row.pilot_release !== pilot.release || !row.pilot_started_at || new Date(row.pilot_started_at).getTime() !== pilot.startedAt.getTime())
        return false;
      const state = toState(row);
      await this.#write(tx, state, { active: state.active, pilot: null }, null, { release: pilot.release, actor, reason }, 'pilot-end');
      return true;
    });
  }

  /**
   * One step in one transaction: lock the state, check If-Match and the step's own rule (`next`
   * answers the new state, or why not), write it with the audit entry, notify on commit.
   */
  async #step(
    step: ReleaseStepInput & { customers?: string[]; guard?: PilotGuardLimits | null },
    action: ReleaseAction,
    next: (state: InServiceState) => ReleaseState | string,
  ): Promise<StepResult> {
    return this.db.transaction(async (tx): Promise<StepResult> => {
      const { rows: known } = await tx.query('select 1 from manifest_releases where id = $1 and files is not null', [step.release]);
      if (!known.length) return { outcome: 'unknown-release' };
      const { rows } = await tx.query<StateRow>(`select ${STATE_COLUMNS} from manifest_release_state for update`);
      if (!rows[0]) return { outcome: 'unknown-release' };
      const state = toState(rows[0]);
      if (state.active !== step.expectedActive) return { outcome: 'conflict', state, why: `release ${state.active} is active now, not ${step.expectedActive}` };
      const wanted = next(state);
      if (typeof wanted === 'string') return { outcome: 'conflict', state, why: wanted };
      // A pilot started again keeps its guard unless the step names one (or none); a pilot ended takes its guard with it.
      const guard = !wanted.pilot ? null : step.guard !== undefined ? step.guard : rows[0].pilot_guard ? json<PilotGuardLimits>(rows[0].pilot_guard) : null;
      const guardBefore = rows[0].pilot_guard ? json<PilotGuardLimits>(rows[0].pilot_guard) : null;
      if (
        wanted.active === state.active &&
        JSON.stringify(wanted.pilot) === JSON.stringify(state.pilot) &&
        JSON.stringify(guard) === JSON.stringify(guardBefore)
      )
        return { outcome: 'done', state, changed: false };
      return { outcome: 'done', state: await this.#write(tx, state, wanted, guard, step, action), changed: true };
    });
  }

  /** Writes the new state with its audit entry and notifies on commit; the pilot's start stays while its release does. */
  async #write(
    tx: Sql,
    state: InServiceState,
    wanted: ReleaseState,
    guard: PilotGuardLimits | null,
    step: { release: string; actor: Actor; reason: string; customers?: string[] },
    action: ReleaseAction,
  ): Promise<InServiceState> {
    const { rows: updated } = await tx.query<StateRow>(
      `update manifest_release_state set active = $1, pilot_release = $2, pilot_customers = array(select json_array_elements_text($3::json)),
         pilot_guard = $4::json,
         pilot_started_at = case when $2::text is null then null when pilot_release is not distinct from $2::text then coalesce(pilot_started_at, now()) else now() end,
         generation = generation + 1
       returning ${STATE_COLUMNS}`,
      [wanted.active, wanted.pilot?.release ?? null, JSON.stringify(wanted.pilot?.customers ?? []), guard ? JSON.stringify(guard) : null],
    );
    await audit(tx, step.actor, action, step.release, state.active, step.customers ?? state.pilot?.customers ?? [], step.reason);
    await notify(tx, updated[0]!);
    return toState(updated[0]!);
  }

  /** Every step on the releases, newest first, one page at a time. */
  async audit(query: { limit: number; beforeId?: string }): Promise<ReleaseAuditEntry[]> {
    const params: unknown[] = [query.limit];
    if (query.beforeId !== undefined) params.push(query.beforeId);
    const { rows } = await this.db.query<AuditRow>(
      `select id::text as id, at, actor_sub, actor_email, action, release, previous, customers, reason from manifest_release_audit
       ${query.beforeId !== undefined ? 'where id < $2::bigint' : ''} order by manifest_release_audit.id desc limit $1`,
      params,
    );
    return rows.map((r) => ({
      ...auditEntryHead(r),
      action: r.action,
      release: r.release,
      previous: r.previous,
      customers: textArray(r.customers),
      reason: r.reason,
    }));
  }

  /**
   * The pilots `actorSub` ended since `since`, newest first, at most `limit` (staff's notices, decision
   * 0094), read from the partial index of pilot ends.
   */
  async pilotsEndedBy(actorSub: string, since: Date, limit: number): Promise<{ id: string; at: string; release: string; reason: string }[]> {
    const { rows } = await this.db.query<{ id: string; at: Date | string; release: string; reason: string }>(
      // From the partial index of pilot ends (migration 015): as cheap with a million steps as with ten.
      `select id::text as id, at, release, reason from manifest_release_audit
        where actor_sub = $1 and action = 'pilot-end' and at >= $2 order by id desc limit $3`,
      [actorSub, since.toISOString(), limit],
    );
    return rows.map((r) => ({ id: r.id, at: iso(r.at), release: r.release, reason: r.reason }));
  }

  /** Calls `onChange` after every step through any replica, `onMissed` when notifications may have been lost. */
  async onChange(onChange: () => void, onMissed: () => void): Promise<() => Promise<void>> {
    return this.db.listen(RELEASE_CHANNEL, () => onChange(), onMissed);
  }
}

function summary(row: ReleaseRow): ReleaseSummary {
  return { id: row.id, author: { sub: row.author_sub, email: row.author_email }, publishedAt: iso(row.published_at), reason: row.reason, parent: row.parent };
}

async function audit(
  tx: Sql,
  actor: Actor,
  action: ReleaseAction,
  release: string,
  previous: string | null,
  customers: readonly string[],
  reason: string,
): Promise<void> {
  await tx.query(
    `insert into manifest_release_audit (actor_sub, actor_email, action, release, previous, customers, reason)
     values ($1, $2, $3, $4, $5, array(select json_array_elements_text($6::json)), $7)`,
    [actor.sub, actor.email, action, release, previous, JSON.stringify(customers), reason],
  );
}

async function notify(tx: Sql, state: StateRow): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, String(state.generation)]);
}
