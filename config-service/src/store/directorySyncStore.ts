import { iso } from './auditEntryHead.ts';
import type { Database } from './database.ts';

/** What started a reconciliation: the service starting, the schedule, or staff asking. */
export type SyncCause = 'start' | 'schedule' | 'request';
export type SyncOutcome = 'running' | 'succeeded' | 'failed';

/** One reconciliation, as the table records the last. Times are ISO 8601. */
export interface SyncRun {
  startedAt: string;
  cause: SyncCause;
  finishedAt: string | null;
  outcome: SyncOutcome;
  usersListed: number;
  usersRemoved: number;
  error: string | null;
}

/** Where the directory's reconciliation stands, on every replica alike. */
export interface SyncState {
  /** A replica holds the lease now. */
  running: boolean;
  /** When staff last asked for a reconciliation. */
  requestedAt: string | null;
  /** When the last complete listing ended: the directory was at least as true as the pool then. */
  succeededAt: string | null;
  lastRun: SyncRun | null;
}

/** How often a reconciliation is due, and how long a lease holds without being renewed. */
export interface SyncTiming {
  /** A run is due when the last started this long ago. */
  intervalMs: number;
  /** A run that failed (or whose replica stopped) is tried again after this long. */
  retryMs: number;
  leaseMs: number;
}

interface Row {
  running: boolean;
  requested_at: Date | string | null;
  succeeded_at: Date | string | null;
  started_at: Date | string | null;
  cause: SyncCause | null;
  finished_at: Date | string | null;
  outcome: SyncOutcome | null;
  users_listed: number;
  users_removed: number;
  error: string | null;
}

const orNull = (value: Date | string | null) => (value === null ? null : iso(value));
const ms = (param: string) => `${param}::double precision * interval '1 millisecond'`;

/**
 * The one row that says which replica reconciles the user directory and how the last run went
 * (decision 0092). Every time in it is the database's, as the directory's own are: a replica's clock
 * that runs ahead cannot make a sweep drop a user listed a moment ago.
 */
export class DirectorySyncStore {
  constructor(readonly db: Database) {}

  /** Records that staff asked for a reconciliation: the next lease taken runs one, whichever replica takes it. */
  async requested(): Promise<void> {
    await this.db.query('update user_directory_sync set requested_at = clock_timestamp() where id = 1');
  }

  /**
   * Takes the lease for `holder` when no replica holds it and a run is due: never run, or asked for
   * since the last began; unless `cause` is a request, also when the last began `intervalMs` ago or
   * failed `retryMs` ago. Returns when the run starts (the database's time), or undefined when it is
   * not this replica's to run.
   */
  async take(holder: string, cause: SyncCause, { intervalMs, retryMs, leaseMs }: SyncTiming): Promise<Date | undefined> {
    const { rows } = await this.db.query<{ started_at: Date | string }>(
      `update user_directory_sync set holder = $1, lease_until = now() + ${ms('$2')}, started_at = now(), cause = $3::text,
         finished_at = null, outcome = 'running', users_listed = 0, users_removed = 0, error = null
       where id = 1 and (holder is null or lease_until < now())
         and (started_at is null or requested_at > started_at
              or ($3::text <> 'request' and (started_at <= now() - ${ms('$4')}
                  or (outcome <> 'succeeded' and coalesce(finished_at, lease_until) <= now() - ${ms('$5')}))))
       returning started_at`,
      [holder, leaseMs, cause, intervalMs, retryMs],
    );
    return rows[0] && new Date(iso(rows[0].started_at));
  }

  /** Extends `holder`'s lease and records the users listed so far; false when it no longer holds it. */
  async renew(holder: string, leaseMs: number, usersListed: number): Promise<boolean> {
    const { rows } = await this.db.query(
      `update user_directory_sync set lease_until = now() + ${ms('$2')}, users_listed = $3 where id = 1 and holder = $1 returning 1 as held`,
      [holder, leaseMs, usersListed],
    );
    return rows.length > 0;
  }

  /** Ends `holder`'s run with its outcome and lets the lease go. */
  async finish(holder: string, run: { outcome: 'succeeded' | 'failed'; usersListed: number; usersRemoved: number; error: string | null }): Promise<void> {
    await this.db.query(
      `update user_directory_sync set holder = null, lease_until = null, finished_at = now(), outcome = $2::text,
         users_listed = $3, users_removed = $4, error = $5,
         succeeded_at = case when $2::text = 'succeeded' then now() else succeeded_at end
       where id = 1 and holder = $1`,
      [holder, run.outcome, run.usersListed, run.usersRemoved, run.error?.slice(0, 1000) ?? null],
    );
  }

  /** The database's clock now (not the transaction's start): when a page of the pool is about to be read. */
  async now(): Promise<Date> {
    const { rows } = await this.db.query<{ now: Date | string }>('select clock_timestamp() as now');
    return new Date(iso(rows[0]!.now));
  }

  async state(): Promise<SyncState> {
    const { rows } = await this.db.query<Row>(
      `select holder is not null and lease_until >= now() as running, requested_at, succeeded_at, started_at, cause,
         finished_at, outcome, users_listed, users_removed, error
       from user_directory_sync where id = 1`,
    );
    const row = rows[0]!;
    return {
      running: row.running,
      requestedAt: orNull(row.requested_at),
      succeededAt: orNull(row.succeeded_at),
      lastRun:
        row.started_at === null
          ? null
          : {
              startedAt: iso(row.started_at),
              cause: row.cause ?? 'schedule',
              finishedAt: orNull(row.finished_at),
              outcome: row.outcome ?? 'running',
              usersListed: row.users_listed,
              usersRemoved: row.users_removed,
              error: row.error,
            },
    };
  }
}
