import type { VerifiedUser } from '../claims/verifiedUser.ts';

/**
 * Tokens this process has verified, with what they said, until each expires. Verifying an RS256
 * signature is most of what a signed-in request costs, and a browser sends the same ID token with
 * every request for an hour. Keyed by the whole token: another byte anywhere is another token, which
 * is verified afresh. Bounded, dropping the least recently used; failures are never kept, so a flood
 * of bad tokens cannot push good ones out any faster than good ones would.
 */
export class VerifiedTokenCache {
  readonly #entries = new Map<string, { user: VerifiedUser; expiresAt: number }>();

  constructor(private readonly capacity = 10_000) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The user a token was verified as, unless it has expired since (`now` in seconds). */
  get(token: string, now = Date.now() / 1000): VerifiedUser | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    this.#entries.delete(token);
    if (entry.expiresAt <= now) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.#entries.set(token, entry);
    return entry.user;
  }

  set(token: string, user: VerifiedUser, expiresAt: number): void {
    this.#entries.delete(token);
    this.#entries.set(token, { user: deepFreeze(user), expiresAt });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
  }
}

/** One user object serves many requests: none of them may change it for the others. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
