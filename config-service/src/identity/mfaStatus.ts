import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { PlatformError } from '../errors.ts';

/**
 * Asks the identity provider whether a user has a second factor set up, by the username the pool
 * knows them by. Resolves false for a user the pool no longer has; rejects when it cannot tell.
 */
export type MfaLookup = (username: string, signal: AbortSignal) => Promise<boolean>;

export interface MfaStatusOptions {
  /** How long "no MFA" (or "could not tell") stands for tokens issued before it was asked. */
  negativeMs?: number;
  /** How long "MFA set up" stands at most; never past the expiry of the token that asked. */
  positiveMs?: number;
  /** How long one lookup may take before the user is refused (fail closed). */
  timeoutMs?: number;
  /** Users remembered; the longest-remembered is dropped first. */
  capacity?: number;
}

interface Known {
  answer: boolean | PlatformError;
  /** When the lookup that gave it started (ms). */
  askedAt: number;
  until: number;
}

interface Asking {
  askedAt: number;
  answer: Promise<boolean>;
}

/** Whether the token was issued before `at` (ms): its `iat` is in whole seconds, so the same second does not count. */
const issuedBefore = (user: VerifiedUser, at: number) => user.issuedAt !== undefined && user.issuedAt < Math.floor(at / 1000);

/**
 * Whether users who must use MFA have it, as the identity provider says (decision 0042). Asked only
 * for those users, at most once at a time per user. "Yes" is remembered for a while, since a user
 * rarely loses their second factor; "no" and "could not tell" only briefly, and never for a token
 * issued after the question was put: the web app fetches a fresh token once the user has set MFA
 * up, so that their next request is answered afresh, while a flood of requests with one token
 * costs the identity provider one lookup per `negativeMs`.
 */
export class MfaStatus {
  readonly #known = new Map<string, Known>();
  readonly #asking = new Map<string, Asking>();
  readonly #negativeMs: number;
  readonly #positiveMs: number;
  readonly #timeoutMs: number;
  readonly #capacity: number;

  /** Without a lookup nobody can prove MFA: every user who must use it is treated as not having it. */
  constructor(
    private readonly lookup: MfaLookup | undefined,
    options: MfaStatusOptions = {},
  ) {
    this.#negativeMs = options.negativeMs ?? 5_000;
    this.#positiveMs = options.positiveMs ?? 15 * 60_000;
    this.#timeoutMs = options.timeoutMs ?? 3_000;
    this.#capacity = options.capacity ?? 10_000;
  }

  /**
   * Whether the user has MFA set up: a plain answer when one is remembered, a promise while the
   * identity provider is asked. Throws (or rejects with) CFG_ERR_IDENTITY_PROVIDER when it cannot tell.
   */
  hasMfa(user: VerifiedUser, now = Date.now()): boolean | Promise<boolean> {
    if (!this.lookup) return false;
    const known = this.#known.get(user.sub);
    if (known && now < known.until && (known.answer === true || issuedBefore(user, known.askedAt))) {
      if (known.answer instanceof PlatformError) throw known.answer;
      return known.answer;
    }
    const asking = this.#asking.get(user.sub);
    if (asking && issuedBefore(user, asking.askedAt)) return asking.answer;
    return this.#ask(this.lookup, user, now);
  }

  /** Drops what is remembered of a user, whose second factor an administrator has just reset. */
  forget(sub: string): void {
    this.#known.delete(sub);
    this.#asking.delete(sub);
  }

  #ask(lookup: MfaLookup, user: VerifiedUser, askedAt: number): Promise<boolean> {
    const signal = AbortSignal.timeout(this.#timeoutMs);
    const timedOut = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const answer = Promise.race([lookup(user.username ?? user.sub, signal), timedOut]).then(
      (hasMfa) => {
        const expires = user.expiresAt === undefined ? Number.POSITIVE_INFINITY : user.expiresAt * 1000;
        this.#remember(user.sub, { answer: hasMfa, askedAt, until: hasMfa ? Math.min(askedAt + this.#positiveMs, expires) : askedAt + this.#negativeMs });
        return hasMfa;
      },
      (error: unknown) => {
        const failure = new PlatformError('CFG_ERR_IDENTITY_PROVIDER', undefined, { cause: error });
        this.#remember(user.sub, { answer: failure, askedAt, until: askedAt + this.#negativeMs });
        throw failure;
      },
    );
    const asking = { askedAt, answer };
    this.#asking.set(user.sub, asking);
    // Only this lookup's own entry: a later one, for a fresher token, may have taken its place.
    const done = () => this.#asking.get(user.sub) === asking && this.#asking.delete(user.sub);
    answer.then(done, done);
    return answer;
  }

  #remember(sub: string, known: Known): void {
    const earlier = this.#known.get(sub);
    // Lookups for fresher tokens can overtake older ones; the answer asked for last stands.
    if (earlier && earlier.askedAt > known.askedAt) return;
    this.#known.delete(sub);
    this.#known.set(sub, known);
    if (this.#known.size > this.#capacity) this.#known.delete(this.#known.keys().next().value!);
  }
}
