import type { Query } from '@tanstack/react-query';

/** Query keys of the release API under one root; apart from the API so the event stream can refresh them without fetching its code. */
export const RELEASES_KEY = ['releases'] as const;

/**
 * What a step on the releases changes: the list (active, pilot), the audit, the pilot's health and staff's
 * notices (a guard ending a pilot). Releases and their differences are immutable.
 */
export const changesWithSteps = (query: Query) =>
  query.queryKey[1] === 'list' || query.queryKey[1] === 'audit' || query.queryKey[1] === 'pilot-health' || query.queryKey[1] === 'notices';
