import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { PlatformError } from '../errors.ts';
import type { ServedManifests } from '../releases/servedManifests.ts';
import type { Database } from '../store/database.ts';
import { isLocalEnvironment, SettingsError } from '../settings.ts';
import { sendProblem } from './problem.ts';
import { RequestDurations } from './requestDurations.ts';

/** Who may read GET /metrics: anyone, holders of the token, or nobody (404, as if there were no such route). */
export type MetricsAccess = { kind: 'open' } | { kind: 'token'; token: string } | { kind: 'closed' };

/** A token shorter than this could be guessed one request at a time. */
const MIN_TOKEN_LENGTH = 16;

/**
 * Open under `npm start` (local); elsewhere, demo included, only to holders of METRICS_TOKEN. A token, once
 * set, is asked for in every environment: whoever set it meant it.
 */
export function metricsAccess(environment: string, token: string | undefined): MetricsAccess {
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) throw new SettingsError('METRICS_TOKEN', `must be at least ${MIN_TOKEN_LENGTH} characters`);
  if (token) return { kind: 'token', token };
  return isLocalEnvironment(environment) ? { kind: 'open' } : { kind: 'closed' };
}

export interface MetricsOptions {
  access: MetricsAccess;
  manifests: Pick<ServedManifests, 'current' | 'state' | 'status' | 'rejectedReloads'>;
  database: Pick<Database, 'connections'>;
}

/** The service's own metrics that routes move; the rest are read when scraped. */
export interface ServiceMetrics {
  /** This app's registry: several apps in one process (tests) do not share metrics. */
  registry: Registry;
  /** User manifests built (a 304 answer is built too, then found unchanged). */
  manifestsServed: Counter;
  manifestBuilds: Counter;
  /** User manifests answered 304 Not Modified: the browser's copy was current. */
  manifestNotModified: Counter;
  /** Module switch writes applied. */
  switchWrites: Counter;
  /** Module switch writes refused because the switch had moved on (409). */
  switchConflicts: Counter;
  /** Release steps refused because the state had moved on (409). */
  releaseConflicts: Counter;
  /** Server-sent event streams open. */
  openStreams: Gauge;
  /** Event streams refused at a limit, by which (user, process). */
  streamsRefused: Counter<'limit'>;
  /** Event streams closed for carrying nothing for too long, or for not reading what was sent. */
  streamsClosed: Counter<'reason'>;
  /** The limits on event streams (0: none), by which. */
  streamLimits: Gauge<'limit'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ServiceMetrics;
  }
}

/** What the route label says for a request no route matched: the raw path would be unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';
/**
 * What it says for every file of the built web app: @fastify/static registers a route per file, and
 * each build's hashed names would otherwise add series that never go away.
 */
export const STATIC_ROUTE = 'static';

/** The route label: the pattern, one label for all static files, one for no route at all. */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  // @fastify/static marks each route it registers with the folder it serves from.
  if ((request.routeOptions.config as { rootPath?: unknown } | undefined)?.rootPath !== undefined) return STATIC_ROUTE;
  return request.routeOptions.url ?? UNMATCHED_ROUTE;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`; hashed first, so the comparison takes the same time whatever the length. */
function carriesToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { manifests, database } = options;
  const registers = [registry];

  const requestDurations = new RequestDurations([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
  registry.registerMetric(requestDurations.asMetric());
  const metrics: ServiceMetrics = {
    registry,
    manifestsServed: new Counter({ name: 'config_manifests_served_total', help: 'User manifest requests answered (200 or 304)', registers }),
    manifestBuilds: new Counter({
      name: 'config_manifest_builds_total',
      help: "User manifests built: a token's first request, or after its customer's switches or the manifests changed",
      registers,
    }),
    manifestNotModified: new Counter({ name: 'config_manifest_not_modified_total', help: 'User manifests answered 304 Not Modified', registers }),
    switchWrites: new Counter({ name: 'config_module_switch_writes_total', help: 'Module switch writes applied', registers }),
    switchConflicts: new Counter({
      name: 'config_module_switch_conflicts_total',
      help: 'Module switch writes refused with 409: the switch had moved on',
      registers,
    }),
    releaseConflicts: new Counter({
      name: 'config_manifest_release_conflicts_total',
      help: 'Release steps refused with 409: the active release or the pilot had moved on',
      registers,
    }),
    openStreams: new Gauge({ name: 'config_event_streams_open', help: 'Server-sent event streams open', registers }),
    streamsRefused: new Counter({
      name: 'config_event_streams_refused_total',
      help: 'Event streams refused at a limit: user (429) or process (503)',
      labelNames: ['limit'],
      registers,
    }),
    streamsClosed: new Counter({
      name: 'config_event_streams_closed_total',
      help: 'Event streams the service closed: idle (no event for the idle time) or stalled (the client stopped reading)',
      labelNames: ['reason'],
      registers,
    }),
    streamLimits: new Gauge({
      name: 'config_event_stream_limit',
      help: 'Limits on event streams (0: none): per user, per customer, per process, and the idle time in seconds',
      labelNames: ['limit'],
      registers,
    }),
  };
  new Gauge({
    name: 'config_manifest_set_version',
    help: 'The manifest release everyone outside a pilot is served: 1, with its id as the version label',
    labelNames: ['version'],
    registers,
    collect() {
      this.reset();
      this.set({ version: manifests.current().release }, 1);
    },
  });
  new Gauge({
    name: 'config_manifest_pilot_customers',
    help: "Customers served the pilot release, with the release's id as a label; no series while no pilot runs",
    labelNames: ['release'],
    registers,
    collect() {
      this.reset();
      const pilot = manifests.state().pilot;
      if (pilot) this.set({ release: pilot.release }, pilot.customers.length);
    },
  });
  new Gauge({
    name: 'config_manifest_edit_rejected',
    help: '1 while the last edit of the manifests was rejected (the previous set is still served)',
    registers,
    collect() {
      this.set(manifests.status().rejected ? 1 : 0);
    },
  });
  // Read from the store rather than counted from its events: a listener per app would outlive the app
  // on a store that outlives it, and the store is the process's, as the count is.
  new Counter({
    name: 'config_manifest_reload_failures_total',
    help: 'Manifest reloads rejected as invalid',
    registers,
    collect() {
      this.reset();
      this.inc(manifests.rejectedReloads);
    },
  });
  new Gauge({
    name: 'config_database_connections',
    help: "The database's connections: total open, idle, and queries waiting for one (PGlite: one connection)",
    labelNames: ['state'],
    registers,
    collect() {
      const counts = database.connections();
      this.reset();
      this.set({ state: 'total' }, counts.total);
      if (counts.idle !== undefined) this.set({ state: 'idle' }, counts.idle);
      if (counts.waiting !== undefined) this.set({ state: 'waiting' }, counts.waiting);
    },
  });

  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    requestDurations.observe(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const expected = options.access.kind === 'token' ? digest(options.access.token) : undefined;
  const allowed = (request: FastifyRequest) => options.access.kind === 'open' || (expected !== undefined && carriesToken(request, expected));
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // A wrong token is answered as no token is, and both as an address with nothing behind it: a
    // scanner learns nothing, not even that there is something to guess.
    if (!allowed(request))
      return sendProblem(reply, request, new PlatformError('CFG_ERR_NOT_FOUND', `no route ${request.method} ${request.url.split('?')[0]}`));
    const text = await registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(registry.contentType).send(text);
  });
}

/** Prometheus metrics at GET /metrics, and `app.metrics` for the routes to count with. */
export default fp(metricsPlugin, { name: 'metrics' });
