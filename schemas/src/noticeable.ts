import type { ReleaseDiff } from './types.ts';

/**
 * Whether a difference between releases has anything a user would notice (the files may still differ,
 * e.g. in a screen id); `diffSummary` says so in the words both the publishing commands and the releases screen show.
 */
export function noticeable(diff: ReleaseDiff): boolean {
  return [diff.modules, diff.renamed, diff.exposure, diff.bundles, diff.routesAdded, diff.routesRemoved, diff.routesRetitled, diff.routeRoles].some(
    (list) => list.length > 0,
  );
}
