/** What a user's batch may do: how many of its events are kept, and whether the user is so far over that the batch is refused. */
export interface Allowance {
  kept: number;
  refused: boolean;
}

interface Account {
  /** Events the user may still send now. */
  tokens: number;
  /** Events dropped lately, leaking away at the same rate as tokens come back. */
  excess: number;
  at: number;
}

/** Users held at most; past it the ones with a full budget (nothing to remember) are forgotten. */
const MAX_ACCOUNTS = 10_000;

/**
 * Screen reports per user (decision 0088): a token bucket of `perMinute` events, refilled evenly. Events
 * over it are dropped, and the browser is still answered 202: a page that opens screens quickly loses a
 * few reports, nothing else. Only a client `refuseAfter` times the budget over (a loop, or a script) is
 * refused 429, to make it back off.
 */
export class ReportBudget {
  #accounts = new Map<string, Account>();
  readonly #perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly refuseAfter = 10,
    private readonly now: () => number = Date.now,
  ) {
    this.#perMs = perMinute / 60_000;
  }

  /** Takes up to `events` from the user's budget. */
  take(user: string, events: number): Allowance {
    const now = this.now();
    const account = this.#accounts.get(user) ?? this.#open(user, now);
    const refill = (now - account.at) * this.#perMs;
    account.tokens = Math.min(this.perMinute, account.tokens + refill);
    account.excess = Math.max(0, account.excess - refill);
    account.at = now;
    if (account.excess > this.perMinute * this.refuseAfter) return { kept: 0, refused: true };
    const kept = Math.min(events, Math.floor(account.tokens));
    account.tokens -= kept;
    account.excess += events - kept;
    return { kept, refused: false };
  }

  #open(user: string, now: number): Account {
    if (this.#accounts.size >= MAX_ACCOUNTS) {
      for (const [key, account] of this.#accounts) {
        if (account.tokens + (now - account.at) * this.#perMs >= this.perMinute) this.#accounts.delete(key);
      }
      // All of them busy: the longest known goes, so the map stays bounded whoever calls.
      if (this.#accounts.size >= MAX_ACCOUNTS) this.#accounts.delete(this.#accounts.keys().next().value!);
    }
    const account = { tokens: this.perMinute, excess: 0, at: now };
    this.#accounts.set(user, account);
    return account;
  }
}
