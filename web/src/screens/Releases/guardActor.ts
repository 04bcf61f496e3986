import type { ReleaseAuditPage } from '@platform/schemas';

/** Who the release audit names when a pilot's guard ends it (config-service/src/telemetry/pilotGuard.ts, GUARD_ACTOR). */
const GUARD_SUB = 'pilot-guard';

/** Whether an audit entry is a pilot ended by its guard, not by a person. */
export const endedByGuard = (entry: ReleaseAuditPage['entries'][number]): boolean => entry.action === 'pilot-end' && entry.actor.sub === GUARD_SUB;
