import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { PlatformError, type ErrorCode } from '../errors.ts';

/** Requests of one kind being answered at once: per signed-in user (by `sub`) and per process. 0: no bound. */
export interface InFlightLimits {
  perUser: number;
  perProcess: number;
}

export interface InFlightLimitOptions {
  /** What is counted, as the refusal names it: `bundle uploads`. */
  what: string;
  limits: InFlightLimits;
  /** Seconds the refusal's Retry-After asks the client to wait. */
  retryAfterS: number;
  /** The refusal's code, where a client should tell this limit from the others: CFG_ERR_RATE_LIMITED unless set. */
  code?: Extract<ErrorCode, 'CFG_ERR_RATE_LIMITED' | 'CFG_ERR_CHECK_IN_FLIGHT'>;
}

/** Who a request counts against: the verified user, or, on a route without sign-in, the client address. */
const callerOf = (request: FastifyRequest): string => (request.verifiedUser?.sub ? userCaller(request.verifiedUser.sub) : `ip:${request.ip}`);

/** The caller a signed-in user's requests count as. */
export const userCaller = (sub: string): string => `user:${sub}`;

/**
 * Bounds the requests of one kind (a route or a few) that are being answered at once, where each holds
 * much memory or CPU while it runs: a bundle upload is read whole before it is checked. A rate limit
 * counts arrivals in a window and lets 60 slow requests of one user overlap; this counts what is in
 * flight, so one user (or a few stolen tokens together) can hold at most `perUser` (`perProcess`) of
 * them, whatever their pace. Beyond, 429 problem+json with Retry-After (`limit: "user"` or
 * `"process"`): refusing the newcomer, never ending one already running.
 */
export class InFlightLimit {
  #total = 0;
  readonly #byCaller = new Map<string, number>();

  constructor(readonly options: InFlightLimitOptions) {}

  /** Requests being answered now, every caller together. */
  get total(): number {
    return this.#total;
  }

  /** Requests of `caller` being answered now. */
  of(caller: string): number {
    return this.#byCaller.get(caller) ?? 0;
  }

  /** Counts one more request of `caller`, or throws the 429 refusing it; the function returned releases it, once. */
  admit(caller: string): () => void {
    const { what, limits, retryAfterS, code = 'CFG_ERR_RATE_LIMITED' } = this.options;
    const mine = this.#byCaller.get(caller) ?? 0;
    if (limits.perUser > 0 && mine >= limits.perUser) {
      throw new PlatformError(code, `${mine} ${what} of yours are in flight, the most allowed; try again in ${retryAfterS} s, once one has ended`, {
        extensions: { limit: 'user' },
      });
    }
    if (limits.perProcess > 0 && this.#total >= limits.perProcess) {
      throw new PlatformError(code, `this replica is answering ${this.#total} ${what}, the most it takes at once; try again in ${retryAfterS} s`, {
        extensions: { limit: 'process' },
      });
    }
    this.#byCaller.set(caller, mine + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#byCaller.get(caller) ?? 1) - 1;
      if (left > 0) this.#byCaller.set(caller, left);
      else this.#byCaller.delete(caller);
    };
  }

  /**
   * The route's onRequest hook, after `app.authenticate` (it counts by the verified `sub`) and before the
   * body is read. The slot is freed when the response closes, which Node signals however the request
   * ends: answered, refused by a later hook, failed, or abandoned by its client mid-body.
   */
  readonly hook = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    let release: () => void;
    try {
      release = this.admit(callerOf(request));
    } catch (error) {
      request.log.warn({ limit: (error as PlatformError).extensions?.limit, what: this.options.what }, 'in-flight limit reached');
      reply.header('Retry-After', String(this.options.retryAfterS));
      done(error as PlatformError);
      return;
    }
    reply.raw.once('close', release);
    done();
  };
}
