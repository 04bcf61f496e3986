import type { FastifyInstance } from 'fastify';
import { platformNoticesSchema, type PlatformNotices } from '@platform/schemas';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { GUARD_ACTOR } from '../../telemetry/pilotGuard.ts';

export interface NoticeRouteOptions {
  releases: ManifestReleases;
}

/** How long a notice is shown: long enough to be seen after a weekend away, short enough to stay a list. */
const NOTICE_DAYS = 14;
const MOST_NOTICES = 50;
/**
 * Settings → Releases, where staff act on a guard that fired (route `settings.releases.list` in
 * route-manifests/dash.json; a staff-only route, so not in the web app's APP_PATHS).
 */
const RELEASES_PATH = '/settings/releases';

/**
 * What the platform itself did that staff should know of (decision 0094): today the pilots a guard ended,
 * read from the release audit. Staff only (registered under the admin API plugin); the top bar counts
 * them with the customer's notifications, and read marks are the notifications' own (decision 0075).
 */
export default async function noticeRoutes(app: FastifyInstance, options: NoticeRouteOptions) {
  const { releases } = options;

  app.get(
    '/api/v1/admin/notices',
    {
      schema: {
        tags: ['notifications'],
        summary: `What the platform did that staff should know of (pilots its guard ended), newest first, from the last ${NOTICE_DAYS} days`,
        response: { 200: { $ref: `${platformNoticesSchema.$id}#` } },
      },
    },
    async (): Promise<PlatformNotices> => {
      const since = new Date(Date.now() - NOTICE_DAYS * 86_400_000);
      const ended = await releases.store.pilotsEndedBy(GUARD_ACTOR.sub, since, MOST_NOTICES);
      return {
        notices: ended.map((step) => ({
          id: `guard-${step.id}`,
          at: step.at,
          title: `Pilot of ${step.release} ended by its guard`,
          detail: step.reason,
          link: RELEASES_PATH,
        })),
      };
    },
  );
}
