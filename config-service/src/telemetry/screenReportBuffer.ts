import type { GuardOpener } from '../store/guardTallyStore.ts';
import type { ScreenReportRow } from '../store/screenReportStore.ts';
import { noOpenTimes, openTimeBucket } from './openTimeBuckets.ts';

/** One screen opened, as the browser reported it, with whose customer it was ('' for none). */
export interface ScreenEvent {
  moduleKey: string;
  bundleVersion: string | null;
  kind: 'shown' | 'load-failed' | 'render-failed';
  openMs?: number;
}

/** Whose events they are, where a pilot runs: the user's opens of the modules it changes count for its guard. */
export interface GuardScope {
  userSub: string;
  pilotRelease: string;
  modules: ReadonlySet<string>;
}

export interface ScreenReportBufferOptions {
  /** Writes what was heard to the database: the rows, and the openers of the pilot's modules. */
  write: (rows: ScreenReportRow[], openers: GuardOpener[]) => Promise<void>;
  /** Rows (module, version, customer, minute) held at most, and openers as many; an event that needs one more is dropped. */
  maxRows: number;
  /** How often what was heard is written. */
  flushMs: number;
  /** Told of events dropped, and why: the buffer was full, the database refused the write, or (guard) they were kept but left out of the guard's counts, its openers being full. */
  onDropped: (events: number, reason: 'buffer' | 'database' | 'guard') => void;
  now?: () => number;
}

/**
 * What this replica heard of the screens, added up in memory per module, bundle version, customer and
 * minute, and written every `flushMs` as one statement (decision 0088). Bounded by rows, not events: a
 * thousand opens of one screen in one minute are one row. Full, it drops and counts, never waits.
 */
export class ScreenReportBuffer {
  #rows = new Map<string, ScreenReportRow & { events: number }>();
  #openers = new Map<string, GuardOpener>();
  #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();
  readonly #now: () => number;

  constructor(private readonly options: ScreenReportBufferOptions) {
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => void this.flush(), options.flushMs);
    // A process with only this left to do may end.
    this.#timer.unref();
  }

  /** Adds one customer's events; those that find no room are dropped and counted. */
  add(customerId: string, events: readonly ScreenEvent[], guard?: GuardScope): void {
    const minute = new Date(Math.floor(this.#now() / 60_000) * 60_000);
    let dropped = 0;
    for (const event of events) {
      const version = event.bundleVersion ?? '';
      const key = `${event.moduleKey}\n${version}\n${customerId}\n${minute.getTime()}`;
      let row = this.#rows.get(key);
      if (!row) {
        if (this.#rows.size >= this.options.maxRows) {
          dropped++;
          continue;
        }
        row = {
          moduleKey: event.moduleKey,
          bundleVersion: version,
          customerId,
          minute,
          shown: 0,
          loadFailed: 0,
          renderFailed: 0,
          openMs: noOpenTimes(),
          events: 0,
        };
        this.#rows.set(key, row);
      }
      row.events++;
      if (event.kind === 'shown') {
        row.shown++;
        if (event.openMs !== undefined) row.openMs[openTimeBucket(event.openMs)]!++;
      } else if (event.kind === 'load-failed') row.loadFailed++;
      else row.renderFailed++;
      if (guard?.modules.has(event.moduleKey)) this.#countOpener(guard, customerId, version, event);
    }
    if (dropped) this.options.onDropped(dropped, 'buffer');
  }

  #countOpener(guard: GuardScope, customerId: string, bundleVersion: string, event: ScreenEvent): void {
    const key = `${guard.pilotRelease}\n${event.moduleKey}\n${bundleVersion}\n${customerId}\n${guard.userSub}`;
    let opener = this.#openers.get(key);
    if (!opener) {
      // Full, the guard misses this user's open; the figures above still have it.
      if (this.#openers.size >= this.options.maxRows) {
        this.options.onDropped(1, 'guard');
        return;
      }
      opener = { pilotRelease: guard.pilotRelease, moduleKey: event.moduleKey, bundleVersion, customerId, userSub: guard.userSub, opens: 0, failures: 0 };
      this.#openers.set(key, opener);
    }
    opener.opens++;
    if (event.kind !== 'shown') opener.failures++;
  }

  /** Writes what was heard; one flush at a time, a later call waits for the one under way and then writes. */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      if (!this.#rows.size) return;
      const rows = [...this.#rows.values()];
      const openers = [...this.#openers.values()];
      this.#rows = new Map();
      this.#openers = new Map();
      try {
        await this.options.write(
          rows.map(({ events: _events, ...row }) => row),
          openers,
        );
      } catch {
        // Not put back: a database that is down would otherwise hold the buffer full of old minutes.
        this.options.onDropped(
          rows.reduce((sum, r) => sum + r.events, 0),
          'database',
        );
      }
    });
    return this.#flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
