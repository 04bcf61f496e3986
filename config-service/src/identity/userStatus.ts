import type { UserDirectoryStore } from '../store/userDirectoryStore.ts';

/** What the status reads and writes of the user directory. */
export type StatusDirectory = Pick<UserDirectoryStore, 'enabledOf' | 'setEnabled'>;

/** The account a disable or an enable is written for. */
export type StatusAccount = Parameters<UserDirectoryStore['setEnabled']>[0];

export interface UserStatusOptions {
  /** How long this replica takes a user's state as read before reading it again (USER_STATUS_CACHE_SECONDS). */
  cacheMs?: number;
  /** Users remembered; the longest-remembered is dropped first. */
  capacity?: number;
  /** How long one read of the directory may take before it counts as failed. */
  timeoutMs?: number;
  /** The clock, in ms (tests move it on instead of waiting). */
  now?: () => number;
  /** Where a directory that cannot be read is reported, at most once a cache window. */
  log?: { warn(details: object, message: string): void };
}

interface Known {
  enabled: boolean;
  /** When the read (or write) that gave it started (ms). */
  at: number;
  until: number;
}

/** The longest window the issue allows between a disable and every replica refusing the user. */
const MAX_USER_STATUS_CACHE_MS = 30_000;

/**
 * Whether a user may be served, as the user directory (shared by every replica) says (issue 37 item 3,
 * decision 0093). A user disabled there is refused however good their token; one it does not hold is
 * served. Each replica keeps the answer per sub for `cacheMs` and asks again after, with one query that
 * the requests arriving meanwhile share: a disable reaches every replica within that window, and a busy
 * user costs the database one indexed read per window, not one per request.
 *
 * Fails open: a directory that cannot be read serves the state last read (or "enabled" for a user never
 * read), reported in the log and counted (`unreadable`); a database outage must not sign every user out.
 */
export class UserStatus {
  readonly #known = new Map<string, Known>();
  readonly #asking = new Map<string, Promise<boolean>>();
  readonly #cacheMs: number;
  readonly #capacity: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  readonly #log: UserStatusOptions['log'];
  #reportedAt = Number.NEGATIVE_INFINITY;
  /** Reads of the directory that failed or timed out since start, for the metrics. */
  unreadable = 0;

  constructor(
    private readonly directory: StatusDirectory,
    options: UserStatusOptions = {},
  ) {
    this.#cacheMs = Math.min(options.cacheMs ?? 10_000, MAX_USER_STATUS_CACHE_MS);
    this.#capacity = options.capacity ?? 10_000;
    this.#timeoutMs = options.timeoutMs ?? 2_000;
    this.#now = options.now ?? Date.now;
    this.#log = options.log;
  }

  /** Whether the user may be served: a plain answer while one is remembered, a promise while the directory is read. Never rejects. */
  isEnabled(sub: string): boolean | Promise<boolean> {
    const now = this.#now();
    const known = this.#known.get(sub);
    if (known && now < known.until) return known.enabled;
    return this.#asking.get(sub) ?? this.#ask(sub, known?.enabled, now);
  }

  /**
   * Writes that the platform just disabled or enabled this user at the pool, and takes it as read on
   * this replica at once; every other replica reads it within its window.
   */
  async set(account: StatusAccount, enabled: boolean): Promise<void> {
    await this.directory.setEnabled(account, enabled);
    // A read that started before the write must not put the old state back.
    this.#asking.delete(account.sub);
    const now = this.#now();
    this.#remember(account.sub, { enabled, at: now, until: now + this.#cacheMs });
  }

  #ask(sub: string, lastKnown: boolean | undefined, at: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the user directory did not answer in ${this.#timeoutMs} ms`)), this.#timeoutMs);
      timer.unref?.();
    });
    const asking = Promise.race([this.directory.enabledOf(sub), timedOut])
      .then(
        (enabled) => enabled !== false,
        (error: unknown) => {
          this.#unreadable(error, at);
          return lastKnown ?? true;
        },
      )
      .then((enabled) => {
        clearTimeout(timer);
        // Only this read's own entry: a write may have taken its place meanwhile.
        if (this.#asking.get(sub) === asking) {
          this.#asking.delete(sub);
          this.#remember(sub, { enabled, at, until: at + this.#cacheMs });
        }
        return enabled;
      });
    this.#asking.set(sub, asking);
    return asking;
  }

  #unreadable(error: unknown, at: number): void {
    this.unreadable++;
    if (at - this.#reportedAt < this.#cacheMs) return;
    this.#reportedAt = at;
    this.#log?.warn({ err: error }, 'user directory unreadable: serving users as last read (or enabled) until it answers');
  }

  #remember(sub: string, known: Known): void {
    const earlier = this.#known.get(sub);
    if (earlier && earlier.at > known.at) return;
    this.#known.delete(sub);
    this.#known.set(sub, known);
    if (this.#known.size > this.#capacity) this.#known.delete(this.#known.keys().next().value!);
  }
}
