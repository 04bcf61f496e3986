import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { customerInContext, isCustomerId, problemSchema, screenReportsSchema, STAFF_ROLE, type ScreenReports } from '@platform/schemas';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { PlatformError } from '../../errors.ts';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import customerHeader, { customerHeaderSchema } from '../../plugins/customerHeader.ts';
import type { GuardTallyStore } from '../../store/guardTallyStore.ts';
import type { ScreenReportStore } from '../../store/screenReportStore.ts';
import { changedModules } from '../../telemetry/changedModules.ts';
import { ReportBudget } from '../../telemetry/reportBudget.ts';
import { type GuardScope, type ScreenEvent, ScreenReportBuffer } from '../../telemetry/screenReportBuffer.ts';
import { servedEvents } from '../../telemetry/servedEvents.ts';

/** The bounds of screen reports; unset: SCREEN_REPORT_LIMITS. */
export interface ScreenReportLimits {
  /** Events a user may report a minute; more are dropped (202 all the same). */
  perUserPerMinute: number;
  /** Rows (module, bundle version, customer, minute) this process holds between writes; more events are dropped. */
  bufferRows: number;
  /** How often what was heard is written to the database. */
  flushMs: number;
}

export const SCREEN_REPORT_LIMITS: ScreenReportLimits = { perUserPerMinute: 120, bufferRows: 10_000, flushMs: 2_000 };

/** How long the added-up reports are kept: module health looks back at most this far. */
export const SCREEN_REPORTS_KEPT_DAYS = 35;

export interface TelemetryRouteOptions {
  reports: ScreenReportStore;
  guardTallies: GuardTallyStore;
  releases: Pick<ManifestReleases, 'servedTo' | 'current' | 'state' | 'built'>;
  customerModules: Pick<CustomerModules, 'isKnown' | 'exists' | 'knownEnabledFor' | 'enabledFor'>;
  environment: string;
  limits?: ScreenReportLimits;
}

/** The modules the running pilot changes, worked out once per pilot and active release. */
function pilotScope(releases: TelemetryRouteOptions['releases']) {
  let known: { active: string; pilot: string; modules: ReadonlySet<string> } | undefined;
  return (): { pilotRelease: string; modules: ReadonlySet<string> } | undefined => {
    const pilot = releases.state().pilot;
    const pilotSet = pilot && releases.built(pilot.release);
    if (!pilot || !pilotSet) return undefined;
    const active = releases.current();
    if (known?.active !== active.release || known.pilot !== pilot.release)
      known = { active: active.release, pilot: pilot.release, modules: new Set(changedModules(active, pilotSet).map((m) => m.moduleKey)) };
    return { pilotRelease: pilot.release, modules: known.modules };
  };
}

/**
 * POST /api/v1/telemetry/screens: how module screens fared in users' browsers (decision 0088). Answered
 * at once: the events are added up in memory and written in the background, so a report never slows a
 * page, and a database that is slow or down costs reports, never answers.
 */
export default async function telemetryRoutes(app: FastifyInstance, options: TelemetryRouteOptions) {
  const limits = options.limits ?? SCREEN_REPORT_LIMITS;
  const counted = new Counter({
    name: 'config_screen_reports_total',
    help: "Screen report events by what became of them: kept, or dropped over a user budget, of a screen the user is not served, for a full buffer or a failed write, or refused with their batch; dropped-guard: kept, but left out of a pilot guard's counts for a full buffer",
    labelNames: ['outcome'] as const,
    registers: [app.metrics.registry],
  });
  const budget = new ReportBudget(limits.perUserPerMinute);
  const buffer = new ScreenReportBuffer({
    write: async (rows, openers) => {
      await options.reports.add(rows);
      await options.guardTallies.add(openers);
    },
    maxRows: limits.bufferRows,
    flushMs: limits.flushMs,
    onDropped: (events, reason) => {
      counted.inc({ outcome: `dropped-${reason}` }, events);
      app.log.warn({ events, reason }, 'screen reports dropped');
    },
  });
  // Old minutes go once an hour, by whichever replica: deleting what another deleted already is nothing.
  const prune = setInterval(() => {
    options.reports.prune(new Date(Date.now() - SCREEN_REPORTS_KEPT_DAYS * 86_400_000)).catch(() => undefined);
    options.guardTallies.prune().catch(() => undefined);
  }, 3_600_000);
  prune.unref();
  app.addHook('onClose', async () => {
    clearInterval(prune);
    await buffer.close();
  });
  const runningPilot = pilotScope(options.releases);

  /** Adds the events of screens the user is served to the customer's figures; while a pilot runs, their opens of its modules count for its guard too. */
  function record(request: FastifyRequest, customer: string, events: readonly ScreenEvent[]): void {
    const served = options.releases.servedTo(customer || null);
    const keep = (customerEnabled?: (key: string) => boolean | undefined) => {
      const { served: shown, unserved } = servedEvents(events, {
        served,
        active: options.releases.current(),
        auth: request.verifiedUser.auth,
        environment: options.environment,
        customerEnabled,
      });
      if (unserved) counted.inc({ outcome: 'dropped-unserved' }, unserved);
      if (!shown.length) return;
      counted.inc({ outcome: 'kept' }, shown.length);
      // Staff are no pilot's users: one of them acting for several customers would count as several users.
      const pilot = request.verifiedUser.auth?.role === STAFF_ROLE ? undefined : runningPilot();
      const guard: GuardScope | undefined = pilot && { ...pilot, userSub: request.verifiedUser.sub };
      buffer.add(customer, shown, guard);
    };
    const switches = customer ? options.customerModules.knownEnabledFor(customer, served) : undefined;
    if (!customer || switches) {
      keep(switches && ((key) => switches[key]));
      return;
    }
    options.customerModules.enabledFor(customer, served).then(
      (read) => keep((key) => read[key]),
      () => counted.inc({ outcome: 'dropped-unserved' }, events.length),
    );
  }

  await app.register(customerHeader);

  app.post<{ Body: ScreenReports }>(
    '/api/v1/telemetry/screens',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "Reports how module screens fared in the signed-in user's browser: at most 50 events; answered 202 at once",
        tags: ['telemetry'],
        security: [{ bearerAuth: [] }],
        headers: customerHeaderSchema,
        body: { $ref: `${screenReportsSchema.$id}#` },
        response: { 202: { type: 'null', description: 'Taken; added up in the background.' }, '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const { events } = request.body;
      const user = request.verifiedUser;
      const allowance = budget.take(user.sub, events.length);
      if (allowance.refused) {
        counted.inc({ outcome: 'refused' }, events.length);
        reply.header('Retry-After', '60');
        throw new PlatformError('CFG_ERR_SCREEN_REPORTS_FLOOD', `over ${limits.perUserPerMinute} screen reports a minute many times over; wait a minute`);
      }
      if (allowance.kept < events.length) counted.inc({ outcome: 'dropped-user' }, events.length - allowance.kept);
      const kept = events.slice(0, allowance.kept);
      if (kept.length) {
        // The verified claims say whose customer it is: staff's the one they chose, once the store is known to hold it.
        const customer = customerInContext(user.auth, request.requestedCustomerId);
        if (customer === null) record(request, '', kept);
        else if (user.auth?.role !== STAFF_ROLE || options.customerModules.isKnown(customer)) record(request, customer, kept);
        else if (isCustomerId(customer))
          options.customerModules.exists(customer).then(
            (known) => record(request, known ? customer : '', kept),
            () => record(request, '', kept),
          );
        else record(request, '', kept);
      }
      return reply.code(202).send();
    },
  );
}
