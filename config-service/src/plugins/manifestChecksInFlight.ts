import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InFlightLimit, userCaller } from './inFlightLimit.ts';

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

/**
 * One preview or release publication in flight per user (decision 0069): a second one, while the first
 * runs, is refused 429 CFG_ERR_CHECK_IN_FLIGHT with Retry-After before its body is read. Other users
 * are not affected. Register before the routes, after rateLimits: the guard is the last of each route's
 * onRequest hooks, so the verified user is known and a rate-limited request holds no slot.
 */
async function manifestChecksInFlightPlugin(app: FastifyInstance, { perUser }: { perUser: number }) {
  const checks = new InFlightLimit({
    what: 'manifest checks (previews or publications)',
    limits: { perUser, perProcess: 0 },
    retryAfterS: RETRY_AFTER_S,
    code: 'CFG_ERR_CHECK_IN_FLIGHT',
  });
  app.decorate('manifestChecksOf', (user: string) => checks.of(userCaller(user)));
  if (perUser <= 0) return;

  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => CHECKS.has(`${method} ${route.url}`))) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), checks.hook];
  });
}

/** Caps the manifest checks each user has in flight; `perUser` 0: no cap (tests). */
export default fp(manifestChecksInFlightPlugin, { name: 'manifestChecksInFlight' });
