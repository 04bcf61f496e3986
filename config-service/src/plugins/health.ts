import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PlatformError } from '../errors.ts';
import type { WriteRightsState } from '../identity/appClientWriteRights.ts';
import type { ServedManifests } from '../releases/servedManifests.ts';
import type { Sql } from '../store/database.ts';
import { PROBLEM_TYPE_BASE } from './problem.ts';

export interface HealthOptions {
  /** What is served: loaded or not, and the release and pilot, shown so an operator sees which one each replica serves. */
  manifests: Pick<ServedManifests, 'current' | 'state'>;
  /** The customer store's database; `select 1` on it says whether it answers. */
  database: Sql;
  /** The identity provider's keys: the service cannot verify a new token without them. */
  jwksUrl: string;
  /** Whether the app client's users are proved unable to write custom:auth; judged off the request path (decision 0041). */
  appClient?: { state(): WriteRightsState };
  /**
   * How long each check may take before it counts as not ready. Under Kubernetes' default probe
   * timeout (1 s): a probe that times out says nothing about which check was slow.
   */
  timeoutMs?: number;
  /** How long keys once fetched count as fetched; the verifier keeps them ten minutes itself. */
  keysFreshMs?: number;
  /** How long a failed fetch of the keys stands as the answer before the provider is asked again. */
  keysRetryMs?: number;
  /** The clock those two are measured on; tests pass one they move. */
  now?: () => number;
}

/** A check's state: `ready`, or a fixed word for what is wrong (never a host, port or driver message). */
export type CheckState = 'ready' | 'not loaded' | 'unreachable' | 'timed out' | 'no keys' | 'stopping' | WriteRightsState;
export type ReadinessChecks = Record<'manifests' | 'identityKeys' | 'database', CheckState> & { appClient?: CheckState };

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on GET /readyz answers 503 (`service: stopping`), so load balancers move on while the service drains. */
    stopReadiness(): void;
  }
}

class TimedOut extends Error {}

/** `work`, or a TimedOut rejection after `ms`; the work itself is left to finish or fail on its own. */
async function within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimedOut());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const failure = (error: unknown): CheckState => (error instanceof TimedOut ? 'timed out' : 'unreachable');

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve: manifests loaded, the identity
 * provider's keys fetched, the database answering). Outside /api/v1 and unauthenticated, as probes
 * and load balancers expect; never cached, since a cached "ready" is the answer a probe must not get.
 */
async function healthPlugin(app: FastifyInstance, options: HealthOptions) {
  const timeoutMs = options.timeoutMs ?? 750;
  const keysFreshMs = options.keysFreshMs ?? 60_000;
  // A failure is remembered for 5 s, the Retry-After this answer gives: a prober that honours it, or
  // Kubernetes' default period (10 s), never meets a remembered failure twice, so a recovered provider
  // shows ready at the next probe as before; only a flood of probes is answered from memory, and costs
  // the provider one request in 5 s, while it is down, as finding 2 (decision 0040) bounds token checks.
  const keysRetryMs = options.keysRetryMs ?? 5_000;
  const now = options.now ?? Date.now;
  // Probes of every replica every few seconds must not become a load on the identity provider: keys
  // fetched are taken as fetched for a minute, a failure as failed for a few seconds, and concurrent
  // probes share one request.
  let keysFetchedAt = -Infinity;
  let keysFailed: { at: number; state: CheckState } | undefined;
  let keysInFlight: Promise<CheckState> | undefined;
  let stopping = false;
  app.decorate('stopReadiness', () => void (stopping = true));

  const manifestsCheck = (): CheckState => {
    try {
      return options.manifests.current().registry.length > 0 ? 'ready' : 'not loaded';
    } catch {
      return 'not loaded';
    }
  };
  const fetchKeys = async (): Promise<CheckState> => {
    // Counted from the request, so that however long it takes, the next comes keysRetryMs after it.
    const askedAt = now();
    const state = await askForKeys();
    keysFailed = state === 'ready' ? undefined : { at: askedAt, state };
    return state;
  };
  const askForKeys = async (): Promise<CheckState> => {
    try {
      const keys = await within(timeoutMs, async (signal) => {
        const res = await fetch(options.jwksUrl, { signal, headers: { accept: 'application/json' } });
        // An error page (a 404 or 5xx) is the provider unreachable for this purpose, not a set of no keys.
        if (!res.ok) throw new PlatformError('CFG_ERR_IDENTITY_PROVIDER', `JWKS answered ${res.status}`);
        return ((await res.json()) as { keys?: unknown }).keys;
      });
      if (!Array.isArray(keys) || keys.length === 0) return 'no keys';
      keysFetchedAt = now();
      return 'ready';
    } catch (error) {
      // A body that is not JSON is a JWKS with no keys in it, not a network failure.
      return error instanceof SyntaxError ? 'no keys' : failure(error);
    }
  };
  const keysCheck = (): Promise<CheckState> => {
    if (now() - keysFetchedAt < keysFreshMs) return Promise.resolve('ready');
    if (keysFailed && now() - keysFailed.at < keysRetryMs) return Promise.resolve(keysFailed.state);
    keysInFlight ??= fetchKeys().finally(() => (keysInFlight = undefined));
    return keysInFlight;
  };
  const databaseCheck = async (): Promise<CheckState> => {
    try {
      await within(timeoutMs, () => options.database.query('select 1'));
      return 'ready';
    } catch (error) {
      return failure(error);
    }
  };

  // Which release this replica serves (and the pilot's): replicas that disagree show it here. The
  // pilot's customers are counted, not named: anyone may ask, and who pilots what is the staff's to know
  // (GET /api/v1/admin/releases).
  const releaseOf = () => {
    const state = options.manifests.state();
    return { release: state.active, pilot: state.pilot && { release: state.pilot.release, customers: state.pilot.customers.length } };
  };

  const readinessChecks = async (): Promise<ReadinessChecks> => {
    const [identityKeys, database] = await Promise.all([keysCheck(), databaseCheck()]);
    return { manifests: manifestsCheck(), identityKeys, database, ...(options.appClient ? { appClient: options.appClient.state() } : {}) };
  };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'alive' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // A stopping service asks nobody anything: it is leaving whatever they would say.
    const checks: Record<string, CheckState> = stopping ? { service: 'stopping' } : await readinessChecks();
    const waiting = Object.entries(checks).filter(([, state]) => state !== 'ready');
    const release = releaseOf();
    if (!waiting.length) return { status: 'ready', checks, ...release };
    request.log.warn({ checks }, 'not ready');
    // Built here rather than by sendProblem, which withholds a 5xx's detail and extensions lest they
    // carry internals: these carry only the checks' names and fixed words, which are the point.
    const problem = new PlatformError('CFG_ERR_NOT_READY', `not ready: ${waiting.map(([name, state]) => `${name} ${state}`).join(', ')}`);
    return reply
      .code(problem.status)
      .header('Retry-After', '5')
      .type('application/problem+json; charset=utf-8')
      .send(
        JSON.stringify({
          type: `${PROBLEM_TYPE_BASE}${problem.code}`,
          title: problem.title,
          status: problem.status,
          detail: problem.detail,
          instance: request.url.split('?')[0],
          code: problem.code,
          checks,
          ...release,
        }),
      );
  });
}

/** GET /healthz and GET /readyz, for probes and load balancers. */
export default fp(healthPlugin, { name: 'health' });
