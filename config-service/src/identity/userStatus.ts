import type { DirectoryStatus, UserDirectoryStore } from '../store/userDirectoryStore.ts';

/** What the status reads and writes of the user directory. */
export type StatusDirectory = Pick<UserDirectoryStore, 'statusOf' | 'setEnabled'>;

/**
 * Whether a token may be served: true, or why not: the user is disabled, the pool removed them, or the
 * token was issued before they were last enabled again (the session the disable ended, decision 0098).
 */
export type UserVerdict = true | 'disabled' | 'removed' | 'ended';

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
  /** Undefined: the directory does not hold the user. */
  status: DirectoryStatus | undefined;
  /** When the read (or write) that gave it started (ms). */
  at: number;
  until: number;
}

/** The longest window the issue allows between a disable and every replica refusing the user. */
const MAX_USER_STATUS_CACHE_MS = 30_000;

/**
 * How far before an enable a token may be issued and still be served (decision 0098): the identity
 * provider's clock may run behind the platform's, and the enable is dated before the pool was asked.
 * A disabled user gets no token, so one issued this shortly before the enable is not the ended session.
 */
export const ENABLE_GRACE_SECONDS = 5;

/**
 * Whether a user may be served, as the user directory (shared by every replica) says (issue 37 item 3,
 * decision 0093). A user disabled there is refused however good their token, and so is one the pool
 * removed, and a token issued before the user was last enabled again (decision 0098); one it does not
 * hold is served. Each replica keeps the answer per sub for `cacheMs` and asks again after, with one query that
 * the requests arriving meanwhile share: a disable reaches every replica within that window, and a busy
 * user costs the database one indexed read per window, not one per request.
 *
 * Fails open: a directory that cannot be read serves the state last read (or "enabled" for a user never
 * read), reported in the log and counted (`unreadable`); a database outage must not sign every user out.
 */
export class UserStatus {
  readonly #known = new Map<string, Known>();
  readonly #asking = new Map<string, Promise<DirectoryStatus | undefined>>();
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

  /**
   * Whether a token of the user issued at `issuedAt` (seconds) may be served: a plain answer while the
   * user's word is remembered, a promise while the directory is read. Never rejects.
   */
  check(sub: string, issuedAt?: number): UserVerdict | Promise<UserVerdict> {
    const now = this.#now();
    const known = this.#known.get(sub);
    if (known && now < known.until) return verdictOf(known.status, issuedAt);
    return (this.#asking.get(sub) ?? this.#ask(sub, known?.status, now)).then((status) => verdictOf(status, issuedAt));
  }

  /**
   * Writes that the platform just disabled or enabled this user at the pool, and takes it as read on
   * this replica at once; every other replica reads it within its window. An enable is dated
   * `enabledAt`, taken before the pool was asked, so no token the pool issued after it is older.
   */
  async set(account: StatusAccount, enabled: boolean, enabledAt?: Date): Promise<void> {
    await this.directory.setEnabled(account, enabled, enabledAt);
    // A read that started before the write must not put the old state back.
    this.#asking.delete(account.sub);
    const now = this.#now();
    // An enable is read back at the next request, as every other replica reads it.
    if (enabled) this.#known.delete(account.sub);
    else this.#remember(account.sub, { status: { enabled, enabledAt: null, removed: false }, at: now, until: now + this.#cacheMs });
  }

  #ask(sub: string, lastKnown: DirectoryStatus | undefined, at: number): Promise<DirectoryStatus | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the user directory did not answer in ${this.#timeoutMs} ms`)), this.#timeoutMs);
      timer.unref?.();
    });
    const asking = Promise.race([this.directory.statusOf(sub), timedOut])
      .catch((error: unknown) => {
        this.#unreadable(error, at);
        return lastKnown;
      })
      .then((status) => {
        clearTimeout(timer);
        // Only this read's own entry: a write may have taken its place meanwhile.
        if (this.#asking.get(sub) === asking) {
          this.#asking.delete(sub);
          this.#remember(sub, { status, at, until: at + this.#cacheMs });
        }
        return status;
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

/**
 * A user the directory does not hold is served; one it holds as removed or disabled is not. Once enabled
 * again, a token issued before the enable was issued before the disable (a disabled user gets no token),
 * so its session stays ended; one issued up to ENABLE_GRACE_SECONDS before it is served, as the pool's
 * clock and the enable's date may disagree by that much (`iat` counts whole seconds).
 */
function verdictOf(status: DirectoryStatus | undefined, issuedAt: number | undefined): UserVerdict {
  if (!status) return true;
  if (status.removed) return 'removed';
  if (!status.enabled) return 'disabled';
  if (status.enabledAt !== null && issuedAt !== undefined && issuedAt < Math.floor(status.enabledAt) - ENABLE_GRACE_SECONDS) return 'ended';
  return true;
}
