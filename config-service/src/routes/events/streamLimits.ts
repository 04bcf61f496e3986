import { PlatformError } from '../../errors.ts';
import type { StreamLimits } from '../../settings.ts';

/** Unbounded: what tests get unless they test the bounds. */
export const NO_STREAM_LIMITS: StreamLimits = { perUser: 0, perCustomer: 0, perProcess: 0, idleMs: 0 };

/** How soon a refused page should ask again: long enough for a closed tab's stream to be gone. */
export const STREAM_RETRY_AFTER_S = 30;

/** One more stream under `key`, or the count without it once it closes; a key with none is forgotten. */
function count(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * Counts the open streams and admits a new one only within the limits. A user over their limit is
 * refused with 429 (their own tabs hold the streams; a new tab falls back to refetching when it comes
 * back into view), a customer over its limit with 429 too (its accounts together, so a few stolen
 * tokens or a broken client rolled out to one customer cannot fill a replica, whatever each user's
 * limit), the process over its limit with 503 (the load balancer may send them to another
 * replica). Refusing the newcomer, not closing the oldest stream: closing one would make that page
 * reconnect and close another, around and around, for a user with more tabs than the limit.
 */
export class StreamCounter {
  #total = 0;
  readonly #byUser = new Map<string, number>();
  readonly #byCustomer = new Map<string, number>();

  constructor(readonly limits: StreamLimits) {}

  get total(): number {
    return this.#total;
  }

  /**
   * Counts a new stream of `user` for `customer` (null: staff acting for no customer, held to their own
   * limit only), or throws the problem that refuses it; the returned function releases it once.
   */
  admit(user: string, customer: string | null): () => void {
    const { perUser, perCustomer, perProcess } = this.limits;
    const mine = this.#byUser.get(user) ?? 0;
    if (perUser > 0 && mine >= perUser) {
      throw new PlatformError(
        'CFG_ERR_RATE_LIMITED',
        `${mine} event streams are open for this user, the most allowed; close a tab, or try again in ${STREAM_RETRY_AFTER_S} s`,
        { extensions: { limit: 'user' } },
      );
    }
    const theirs = customer === null ? 0 : (this.#byCustomer.get(customer) ?? 0);
    if (perCustomer > 0 && customer !== null && theirs >= perCustomer) {
      throw new PlatformError(
        'CFG_ERR_RATE_LIMITED',
        `${theirs} event streams are open for this customer on this replica, the most allowed; try again in ${STREAM_RETRY_AFTER_S} s`,
        { extensions: { limit: 'customer' } },
      );
    }
    if (perProcess > 0 && this.#total >= perProcess) {
      throw new PlatformError('CFG_ERR_UNAVAILABLE', 'this replica holds as many event streams as it may', { extensions: { limit: 'process' } });
    }
    count(this.#byUser, user, 1);
    if (customer !== null) count(this.#byCustomer, customer, 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      count(this.#byUser, user, -1);
      if (customer !== null) count(this.#byCustomer, customer, -1);
    };
  }
}
