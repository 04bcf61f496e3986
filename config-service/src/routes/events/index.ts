import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { customerInContext, problemSchema, receivesEventStream, STAFF_ROLE } from '@platform/schemas';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import customerHeader, { customerHeaderSchema, knownCustomer } from '../../plugins/customerHeader.ts';
import type { ReloadEvent, ServedManifests } from '../../releases/servedManifests.ts';
import type { SwitchChange } from '../../store/customerStore.ts';
import type { StreamLimits } from '../../settings.ts';
import { NO_STREAM_LIMITS, STREAM_RETRY_AFTER_S, StreamCounter } from './streamLimits.ts';

export interface EventRouteOptions {
  manifests: ServedManifests;
  customerModules: CustomerModules;
  /** Comment lines keep proxies and the browser from closing a quiet stream. */
  heartbeatMs?: number;
  /** Open streams per user, per customer and per process, and the idle time; unset: unbounded. */
  streamLimits?: StreamLimits;
}

/** How often a stream writes a comment unless told otherwise: well within the service's idle-socket timeout. */
export const HEARTBEAT_MS = 20_000;

/** A client that has not read this much of what was sent has stopped reading: its stream is closed. */
const STALLED_BYTES = 64 * 1024;

/**
 * GET /api/v1/events: server-sent events telling an open page that its manifest may have changed:
 * `modules` when its customer's switches change (only the customer in context, so no one learns of
 * another customer; staff hear of every customer), `manifests` when the release in service (or the customer's pilot) changes, `resync` when changes may have
 * been missed. The page then refetches its manifest; the events carry no data of their own.
 */
export default async function eventRoutes(app: FastifyInstance, options: EventRouteOptions) {
  const open = new Set<(last?: string) => void>();
  const limits = options.streamLimits ?? NO_STREAM_LIMITS;
  const counter = new StreamCounter(limits);
  await app.register(customerHeader);
  app.metrics.streamLimits.set({ limit: 'user' }, limits.perUser);
  app.metrics.streamLimits.set({ limit: 'customer' }, limits.perCustomer);
  app.metrics.streamLimits.set({ limit: 'process' }, limits.perProcess);
  app.metrics.streamLimits.set({ limit: 'idle_seconds' }, limits.idleMs / 1000);
  // Streams never end by themselves; without this, closing the service would wait for every browser.
  // Their last words tell the browser to come back soon (to another replica, or this one restarted).
  app.addHook('preClose', async () => {
    for (const end of open) end(': the service is stopping\nretry: 1000\n\n');
  });

  app.get(
    '/api/v1/events',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'Server-sent events: the manifest may have changed (text/event-stream)',
        tags: ['navigation'],
        security: [{ bearerAuth: [] }],
        headers: customerHeaderSchema,
        response: { '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const user = request.verifiedUser;
      const staff = user.auth?.role === STAFF_ROLE;
      const requested = request.requestedCustomerId;
      if (staff && requested !== undefined) await knownCustomer(options.customerModules, requested);
      const customer = customerInContext(user.auth, requested);
      // Everything a stream tells anyone but staff is about their customer: without one there is nothing
      // to hear (their manifest is dash alone, refetched when the page comes back into view).
      if (!receivesEventStream(user.auth?.role, customer)) {
        throw new PlatformError('CFG_ERR_FORBIDDEN', 'your sign-in names no customer: there is no event stream for you');
      }
      let release: () => void;
      try {
        release = counter.admit(user.sub, customer);
      } catch (error) {
        app.metrics.streamsRefused.inc({ limit: error instanceof PlatformError ? String(error.extensions?.limit) : 'unknown' });
        reply.header('Retry-After', String(STREAM_RETRY_AFTER_S));
        throw error;
      }
      reply.hijack();
      const raw = reply.raw;
      // Hijacked, the reply sends nothing of its own: the headers every answer carries (X-Request-Id,
      // the security headers, CORS for a named origin), set by the hooks so far, go out with the stream's.
      raw.writeHead(200, {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // Quiet for the idle time: closed with a hint to come back at once, which a live page does and a
      // connection nobody holds any more (a sleeping laptop, a dropped network) does not.
      const idle = limits.idleMs > 0 ? setTimeout(() => close('idle'), limits.idleMs) : undefined;
      const send = (event: string, data: object) => {
        idle?.refresh();
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      };
      raw.write('retry: 3000\n\n');
      send('ready', { customerId: customer });

      // Staff see every customer (their settings screens follow other operators); anyone else hears
      // only of the customer in context, so no one learns that another customer changed.
      const onChange = (change: SwitchChange) => {
        if (staff || change.customerId === customer) send('modules', { customerId: change.customerId });
      };
      const onMissed = () => send('resync', {});
      const onReload = (event: ReloadEvent) => {
        if (event.kind === 'loaded') send('manifests', { version: event.release });
        // A pilot's start or end changes the set of its customers' users only (and staff follow all).
        if (event.kind === 'pilot' && (staff || (customer !== null && event.customers.includes(customer)))) send('manifests', { version: event.release });
      };
      options.customerModules.on('change', onChange);
      options.customerModules.on('missed', onMissed);
      options.manifests.on('reload', onReload);
      const heartbeat = setInterval(() => {
        // What the client has not read piles up here: past a bound, it has stopped reading.
        if (raw.writableLength > STALLED_BYTES) close('stalled');
        else raw.write(': keep-alive\n\n');
      }, options.heartbeatMs ?? HEARTBEAT_MS);
      // The token the stream was opened with stops vouching for the user when it expires; the page
      // reconnects with a fresh one.
      const expiry = user.expiresAt ? setTimeout(() => end(), Math.max(0, user.expiresAt * 1000 - Date.now())) : undefined;

      const close = (reason: 'idle' | 'stalled') => {
        app.metrics.streamsClosed.inc({ reason });
        end(reason === 'idle' ? ': idle\nretry: 500\n\n' : undefined);
      };
      const end = (last?: string) => {
        if (!open.delete(end)) return;
        if (last && !raw.destroyed) raw.write(last);
        release();
        app.metrics.openStreams.dec();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        clearTimeout(idle);
        options.customerModules.off('change', onChange);
        options.customerModules.off('missed', onMissed);
        options.manifests.off('reload', onReload);
        raw.end();
      };
      open.add(end);
      app.metrics.openStreams.inc();
      request.raw.on('close', () => end());
      // Gone while it was being authenticated: 'close' has already fired.
      if (request.raw.destroyed || raw.destroyed) end();
    },
  );
}
