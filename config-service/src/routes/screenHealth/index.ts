import type { FastifyInstance } from 'fastify';
import { moduleHealthSchema, pilotHealthSchema, type ModuleHealth, type PilotHealth } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { requireOwnModule } from '../../publishers/publishingRights.ts';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import type { GuardTallyStore } from '../../store/guardTallyStore.ts';
import type { ScreenReportStore } from '../../store/screenReportStore.ts';
import { pilotHealth } from '../../telemetry/pilotHealth.ts';
import { healthSeries, screenHealth } from '../../telemetry/screenHealth.ts';
import { SCREEN_REPORTS_KEPT_DAYS } from '../telemetry/index.ts';

export interface ScreenHealthRouteOptions {
  releases: ManifestReleases;
  reports: ScreenReportStore;
  guardTallies: GuardTallyStore;
}

/**
 * How module screens fare in users' browsers (decision 0088), from the screen reports every replica adds
 * up: a pilot's users against everyone else, and a module's bundle versions (staff, and a module's own
 * publishers for its versions: registered under the admin API plugin).
 */
export default async function screenHealthRoutes(app: FastifyInstance, options: ScreenHealthRouteOptions) {
  const { releases, reports, guardTallies } = options;

  app.get(
    '/api/v1/admin/releases/pilot/health',
    {
      schema: {
        tags: ['releases'],
        summary: "The pilot's users against everyone else, module by module, since the pilot started, with the guard's verdict",
        response: { 200: { $ref: `${pilotHealthSchema.$id}#` } },
      },
    },
    async (): Promise<PilotHealth> => {
      const pilot = await releases.store.pilot();
      if (!pilot) return { pilot: null, modules: [] };
      const [active, piloted] = [await releases.find(pilot.active), await releases.find(pilot.release)];
      if (!active || !piloted) throw new PlatformError('CFG_ERR_INTERNAL', 'a release in service could not be read');
      return {
        pilot: { release: pilot.release, customers: pilot.customers, startedAt: pilot.startedAt.toISOString(), guard: pilot.guard },
        modules: await pilotHealth(pilot, { active, pilot: piloted }, { reports, tallies: guardTallies }),
      };
    },
  );

  app.get<{ Params: { key: string }; Querystring: { hours: number } }>(
    '/api/v1/admin/modules/:key/health',
    {
      schema: {
        tags: ['modules'],
        summary: "How a module's screens fared for all users, bundle version by version, over the last hours",
        params: { type: 'object', required: ['key'], properties: { key: { type: 'string', pattern: '^[a-z][a-z0-9]{1,15}$' } } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { hours: { type: 'integer', minimum: 1, maximum: SCREEN_REPORTS_KEPT_DAYS * 24, default: 24 } },
        },
        response: { 200: { $ref: `${moduleHealthSchema.$id}#` } },
      },
      // A module's team sees its own numbers (issue 39): its CI's publish token, or staff who own the module.
      config: { publishStep: true },
    },
    async (request): Promise<ModuleHealth> => {
      const { key } = request.params;
      requireOwnModule(request, key);
      const pilot = releases.state().pilot;
      const known = releases.current().registry.includes(key) || (pilot !== null && releases.built(pilot.release)?.registry.includes(key));
      if (!known) throw new PlatformError('CFG_ERR_MODULE_NOT_FOUND', `no module '${key}' in the releases in service`);
      const since = new Date(Math.floor((Date.now() - request.query.hours * 3_600_000) / 60_000) * 60_000);
      const groups = await reports.groups({ modules: [key], since });
      const byVersion = new Map<string, typeof groups>();
      for (const g of groups) byVersion.set(g.bundleVersion, [...(byVersion.get(g.bundleVersion) ?? []), g]);
      const versions = [...byVersion.entries()].map(([version, ofVersion]) => ({
        bundleVersion: version === '' ? null : version,
        lastReportAt: ofVersion.at(-1)!.minute,
        health: screenHealth(ofVersion),
        series: healthSeries(ofVersion),
      }));
      return { moduleKey: key, since: since.toISOString(), versions: versions.sort((a, b) => b.lastReportAt.localeCompare(a.lastReportAt)) };
    },
  );
}
