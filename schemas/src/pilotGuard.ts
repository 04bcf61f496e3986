import type { ReleaseAuditPage } from './generated/types.ts';

/** Who the release audit names when a pilot's guard ends it (decision 0088). */
export const GUARD_ACTOR_SUB = 'pilot-guard';

/**
 * The opens of a module each user adds to what a pilot's guard counts, at most (decision 0096): their first
 * ones. A guard of `minOpens` thus needs at least minOpens / 5 users, and no one user, a script or a
 * looping page, can end a pilot or hold its guard back on their own.
 */
export const GUARD_OPENS_PER_USER = 5;

/** Whether an audit entry is a pilot ended by its guard, not by a person. */
export const endedByGuard = (entry: ReleaseAuditPage['entries'][number]): boolean => entry.action === 'pilot-end' && entry.actor.sub === GUARD_ACTOR_SUB;
