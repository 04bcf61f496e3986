import { SinkFailure } from './messagingSink.ts';

/** Timers the queue sets; tests hand it a clock they move by hand. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  // Unreferenced: a retry waiting is no reason to keep the process alive.
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export interface DeliveryQueueOptions<T> {
  deliver: (item: T) => void | Promise<void>;
  /** Keys waiting at most; past it the oldest is dropped. */
  limit: number;
  /** Attempts at one key's item, the first included, before it is dropped. */
  maxAttempts: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** The wait before the first retry; each next one doubles, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  clock?: Clock;
  /** In [0, 1): the jitter. */
  random?: () => number;
  /** Told when deliveries start failing after a success (or at first), and when one succeeds again. */
  onHealth?: (healthy: boolean, error?: unknown) => void;
}

/** Why an item left the queue undelivered. */
export type DropReason = 'queue_full' | 'attempts' | 'rejected' | 'shutdown';

export interface DeliveryStats {
  sent: number;
  failedAttempts: number;
  /** Retries scheduled after a failed attempt. */
  retried: number;
  /** Items replaced by a newer one for the same key before they were delivered. */
  coalesced: number;
  dropped: Record<DropReason, number>;
}

interface Entry<T> {
  item: T;
  attempts: number;
  dueAt: number;
  inFlight: boolean;
}

/**
 * Delivers items to a sink that may fail, without the caller waiting: each key (a user) holds only its
 * latest item, so the queue is bounded by keys, not calls. A failed attempt is retried with exponential
 * back-off and jitter up to maxAttempts; an answer that retrying cannot change drops the item at once;
 * past `limit` keys the key whose latest item is oldest is dropped. Everything dropped is counted.
 * Held in memory: a restart loses what waits (at most one item a key), which the next sign-in sends again.
 */
export class DeliveryQueue<T> {
  readonly stats: DeliveryStats = { sent: 0, failedAttempts: 0, retried: 0, coalesced: 0, dropped: { queue_full: 0, attempts: 0, rejected: 0, shutdown: 0 } };
  readonly #options: Required<Omit<DeliveryQueueOptions<T>, 'onHealth'>> & Pick<DeliveryQueueOptions<T>, 'onHealth'>;
  /** In insertion order, which a newer item renews: the first is the one to drop. */
  readonly #entries = new Map<string, Entry<T>>();
  readonly #settling = new Set<Promise<void>>();
  #inFlight = 0;
  #timer: unknown;
  #healthy: boolean | undefined;
  #closing = false;

  constructor(options: DeliveryQueueOptions<T>) {
    this.#options = { concurrency: 4, baseDelayMs: 1_000, maxDelayMs: 300_000, clock: systemClock, random: Math.random, ...options };
  }

  /** Items waiting or in flight (keys). */
  get depth(): number {
    return this.#entries.size;
  }

  /** Takes `item` as `key`'s latest and tries it now if it may; never throws, never waits. */
  submit(key: string, item: T): void {
    if (this.#closing) {
      this.stats.dropped.shutdown++;
      return;
    }
    const entry = this.#entries.get(key);
    if (entry) {
      // Latest wins, with a fresh count of attempts, but on the schedule of the one it replaces: a
      // failing sink is not asked again sooner because the user reloaded.
      entry.item = item;
      entry.attempts = 0;
      this.stats.coalesced++;
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    } else {
      if (this.#entries.size >= this.#options.limit) this.#dropOldest();
      this.#entries.set(key, { item, attempts: 0, dueAt: this.#options.clock.now(), inFlight: false });
    }
    this.#pump();
  }

  /** Resolves once the attempts in flight now have settled, and what they set going (a newer item's attempt, a retry's timer) has started. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#settling]);
  }

  /**
   * Stops taking items, tries each waiting one once more now, and waits for them at most `timeoutMs`.
   * What is still undelivered then is dropped (reason shutdown); answers how many were.
   */
  async close(timeoutMs: number): Promise<number> {
    const before = this.stats.dropped.shutdown;
    this.#closing = true;
    for (const entry of this.#entries.values()) entry.dueAt = 0;
    this.#pump();
    let expired = false;
    let timer: unknown;
    const deadline = new Promise<void>((resolve) => {
      timer = this.#options.clock.setTimeout(() => {
        expired = true;
        resolve();
      }, timeoutMs);
    });
    while (!expired && this.#settling.size > 0) await Promise.race([deadline, Promise.race([...this.#settling])]);
    this.#options.clock.clearTimeout(timer);
    this.#options.clock.clearTimeout(this.#timer);
    this.stats.dropped.shutdown += this.#entries.size;
    this.#entries.clear();
    return this.stats.dropped.shutdown - before;
  }

  #dropOldest(): void {
    const oldest = this.#entries.keys().next();
    if (oldest.done) return;
    // One in flight is dropped too: its outcome, when it comes, finds no entry and changes nothing.
    this.#entries.delete(oldest.value);
    this.stats.dropped.queue_full++;
  }

  /** Starts what is due while there are free slots, and sets the one timer for the next that is not. */
  #pump(): void {
    const { clock, concurrency } = this.#options;
    if (this.#timer !== undefined) clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    const now = clock.now();
    for (const [key, entry] of this.#entries) {
      if (this.#inFlight >= concurrency) break;
      if (!entry.inFlight && entry.dueAt <= now) this.#attempt(key, entry);
    }
    if (this.#closing) return;
    // Due items beyond the free slots start when a slot frees (#settle pumps again); the timer is for the next not yet due.
    let next = Number.POSITIVE_INFINITY;
    for (const entry of this.#entries.values()) if (!entry.inFlight && entry.dueAt > now) next = Math.min(next, entry.dueAt);
    if (next !== Number.POSITIVE_INFINITY) this.#timer = clock.setTimeout(() => this.#pump(), next - now);
  }

  #attempt(key: string, entry: Entry<T>): void {
    entry.inFlight = true;
    this.#inFlight++;
    const sent = entry.item;
    let result: void | Promise<void>;
    try {
      result = this.#options.deliver(sent);
    } catch (error) {
      this.#settle(key, entry, sent, { ok: false, error });
      return;
    }
    // A sink that answers at once (the local one) is settled at once: its item is kept before the caller's answer.
    if (!(result instanceof Promise)) {
      this.#settle(key, entry, sent, { ok: true });
      return;
    }
    const settling = result.then(
      () => this.#settle(key, entry, sent, { ok: true }),
      (error: unknown) => this.#settle(key, entry, sent, { ok: false, error }),
    );
    this.#settling.add(settling);
    void settling.finally(() => {
      this.#settling.delete(settling);
      this.#pump();
    });
  }

  #settle(key: string, entry: Entry<T>, sent: T, outcome: { ok: true } | { ok: false; error: unknown }): void {
    entry.inFlight = false;
    this.#inFlight--;
    this.#health(outcome.ok, outcome.ok ? undefined : outcome.error);
    const current = this.#entries.get(key) === entry;
    if (outcome.ok) {
      this.stats.sent++;
      if (!current) return;
      // A newer item arrived meanwhile: it is due at once.
      if (entry.item === sent) this.#entries.delete(key);
      else entry.dueAt = this.#options.clock.now();
      return;
    }
    this.stats.failedAttempts++;
    if (!current) return;
    entry.attempts++;
    const reason = this.#dropReason(entry, sent, outcome.error);
    if (reason) {
      this.#entries.delete(key);
      this.stats.dropped[reason]++;
      return;
    }
    this.stats.retried++;
    entry.dueAt = this.#options.clock.now() + this.#backoff(entry.attempts);
  }

  /** Why a failed item is given up; undefined: it is retried (a newer item of its key always is). */
  #dropReason(entry: Entry<T>, sent: T, error: unknown): DropReason | undefined {
    if (this.#closing) return 'shutdown';
    if (entry.item !== sent) return undefined;
    if (error instanceof SinkFailure && error.permanent) return 'rejected';
    if (entry.attempts >= this.#options.maxAttempts) return 'attempts';
    return undefined;
  }

  /** Exponential from baseDelayMs, capped, then between half and all of it ("equal jitter"), so replicas and users spread out. */
  #backoff(attempts: number): number {
    const { baseDelayMs, maxDelayMs, random } = this.#options;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempts - 1));
    return Math.round(delay / 2 + (delay / 2) * random());
  }

  #health(healthy: boolean, error: unknown): void {
    if (this.#healthy === healthy) return;
    const first = this.#healthy === undefined;
    this.#healthy = healthy;
    if (!(first && healthy)) this.#options.onHealth?.(healthy, error);
  }
}
