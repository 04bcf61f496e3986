import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';

/**
 * The routes that check a whole manifest set sent in the body (up to 1 MB): a preview of a draft and a
 * release's publication. Parsing, schema and set rules run on the event loop, some 0.3 s for the
 * largest body, so one user with several in flight held /healthz and everyone's requests for seconds.
 */
const CHECKS = new Set(['POST /api/v1/admin/preview', 'POST /api/v1/admin/releases']);
/** Seconds a refused client waits: a check takes well under one. */
const RETRY_AFTER_S = 1;

declare module 'fastify' {
  interface FastifyInstance {
    /** The manifest checks a user has in flight (hardening tests wait on it). */
    manifestChecksOf(user: string): number;
  }
}

/** How many checks each user has running; a user with none has no entry. */
class ChecksInFlight {
  readonly #running = new Map<string, number>();

  constructor(private readonly perUser: number) {}

  /** Takes one of `user`'s slots, or answers false when all of them are taken. */
  take(user: string): boolean {
    const running = this.#running.get(user) ?? 0;
    if (running >= this.perUser) return false;
    this.#running.set(user, running + 1);
    return true;
  }

  running(user: string): number {
    return this.#running.get(user) ?? 0;
  }

  release(user: string): void {
    const running = (this.#running.get(user) ?? 0) - 1;
    if (running > 0) this.#running.set(user, running);
    else this.#running.delete(user);
  }
}

/**
 * One preview or release publication in flight per user (decision 0069): a second one, while the first
 * runs, is refused 429 CFG_ERR_CHECK_IN_FLIGHT with Retry-After before its body is read. Other users
 * are not affected. Register before the routes, after rateLimits: the guard is the last of each route's
 * onRequest hooks, so the verified user is known and a rate-limited request holds no slot.
 */
async function manifestChecksInFlightPlugin(app: FastifyInstance, { perUser }: { perUser: number }) {
  const checks = new ChecksInFlight(perUser);
  app.decorate('manifestChecksOf', (user: string) => checks.running(user));
  if (perUser <= 0) return;

  const guard = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const user = request.verifiedUser.sub;
    if (!checks.take(user)) {
      reply.header('Retry-After', String(RETRY_AFTER_S));
      return done(
        new PlatformError(
          'CFG_ERR_CHECK_IN_FLIGHT',
          `a manifest check of yours (a preview or a publication) is still running; try again in ${RETRY_AFTER_S} s`,
        ),
      );
    }
    // 'close' comes once the answer is sent, whatever its status, or once the client has gone: the slot
    // is never kept by an error or an abandoned request.
    reply.raw.once('close', () => checks.release(user));
    done();
  };

  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => CHECKS.has(`${method} ${route.url}`))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), guard];
  });
}

/** Caps the manifest checks each user has in flight; `perUser` 0: no cap (tests). */
export default fp(manifestChecksInFlightPlugin, { name: 'manifestChecksInFlight' });
