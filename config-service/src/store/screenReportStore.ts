import { iso } from './auditEntryHead.ts';
import type { Database } from './database.ts';

/** One row of added-up screen reports: a module's bundle version (or '' for compiled-in), a customer (or ''), a minute. */
export interface ScreenReportRow {
  moduleKey: string;
  bundleVersion: string;
  customerId: string;
  /** The minute's start. */
  minute: Date;
  shown: number;
  loadFailed: number;
  renderFailed: number;
  /** Counts in the buckets of OPEN_TIME_BOUNDS. */
  openMs: number[];
}

/** Rows added up across customers: the pilot's (`inPilot`) or everyone else's, by module, bundle version and minute. */
export interface ScreenReportGroup {
  moduleKey: string;
  inPilot: boolean;
  bundleVersion: string;
  /** ISO 8601. */
  minute: string;
  shown: number;
  loadFailed: number;
  renderFailed: number;
  openMs: number[];
}

type GroupRow = {
  module_key: string;
  in_pilot: boolean;
  bundle_version: string;
  minute: Date | string;
  shown: number;
  load_failed: number;
  render_failed: number;
  open_ms: unknown;
};

/**
 * Screen reports added up per module, bundle version, customer and minute (decision 0088): each replica
 * adds what it heard, so every replica reads the same figures. The same SQL on PGlite and on a server.
 */
export class ScreenReportStore {
  constructor(readonly db: Database) {}

  /** Adds the rows to what is there, in one statement. */
  async add(rows: readonly ScreenReportRow[]): Promise<void> {
    if (!rows.length) return;
    // In key order: two replicas adding overlapping rows take their row locks in the same order, never a deadlock.
    const sorted = rows
      .map((r) => ({
        m: r.moduleKey,
        v: r.bundleVersion,
        c: r.customerId,
        t: r.minute.toISOString(),
        s: r.shown,
        l: r.loadFailed,
        f: r.renderFailed,
        o: r.openMs,
      }))
      .sort((a, b) => (a.m + a.v + a.c + a.t < b.m + b.v + b.c + b.t ? -1 : 1));
    await this.db.query(
      `insert into screen_reports as r (module_key, bundle_version, customer_id, minute, shown, load_failed, render_failed, open_ms)
       select m, v, c, t::timestamptz, s, l, f, array(select e::int from json_array_elements_text(o) with ordinality as j(e, i) order by i)
       from json_to_recordset($1::json) as x(m text, v text, c text, t text, s int, l int, f int, o json)
       on conflict (module_key, bundle_version, customer_id, minute) do update set
         shown = r.shown + excluded.shown,
         load_failed = r.load_failed + excluded.load_failed,
         render_failed = r.render_failed + excluded.render_failed,
         open_ms = array(select a + b from unnest(r.open_ms, excluded.open_ms) with ordinality as u(a, b, i) order by i)`,
      [JSON.stringify(sorted)],
    );
  }

  /**
   * The modules' rows from `since` on, added up across customers: those of `pilotCustomers` apart from
   * everyone else's, by bundle version and minute, oldest first.
   */
  async groups(query: { modules: readonly string[]; since: Date; pilotCustomers?: readonly string[] }): Promise<ScreenReportGroup[]> {
    if (!query.modules.length) return [];
    const { rows } = await this.db.query<GroupRow>(
      `select module_key, customer_id = any($2::text[]) as in_pilot, bundle_version, minute,
         sum(shown)::int as shown, sum(load_failed)::int as load_failed, sum(render_failed)::int as render_failed, json_agg(open_ms) as open_ms
       from screen_reports where module_key = any($1::text[]) and minute >= $3::timestamptz
       group by module_key, in_pilot, bundle_version, minute order by minute`,
      [query.modules, query.pilotCustomers ?? [], query.since.toISOString()],
    );
    return rows.map((r) => ({
      moduleKey: r.module_key,
      inPilot: r.in_pilot,
      bundleVersion: r.bundle_version,
      minute: iso(r.minute),
      shown: Number(r.shown),
      loadFailed: Number(r.load_failed),
      renderFailed: Number(r.render_failed),
      openMs: sumHistograms(typeof r.open_ms === 'string' ? JSON.parse(r.open_ms) : r.open_ms),
    }));
  }

  /** Drops the rows of minutes before `before`: the figures are kept for a while, not for ever. */
  async prune(before: Date): Promise<void> {
    await this.db.query('delete from screen_reports where minute < $1::timestamptz', [before.toISOString()]);
  }
}

function sumHistograms(histograms: unknown): number[] {
  const sum: number[] = [];
  for (const histogram of histograms as number[][]) {
    for (let i = 0; i < histogram.length; i++) sum[i] = (sum[i] ?? 0) + Number(histogram[i]);
  }
  return sum;
}
