import type { ReleaseState } from '@platform/schemas';

/** Where a release stands: served to everyone, piloted with some customers, or neither (before or after the active one). */
export type ReleaseStatus = { kind: 'active' } | { kind: 'pilot'; customers: string[] } | { kind: 'earlier' } | { kind: 'later' };

/**
 * The status of each release of a list that is newest first. One the list shows above the active
 * release was published after it and is not served (never activated, or rolled back from); one
 * below it is earlier. A list whose pages do not reach the active release yet is all "later".
 */
export function releaseStatuses(ids: readonly string[], state: ReleaseState): Map<string, ReleaseStatus> {
  const activeAt = ids.indexOf(state.active);
  return new Map(
    ids.map((id, i): [string, ReleaseStatus] => {
      if (id === state.active) return [id, { kind: 'active' }];
      if (state.pilot?.release === id) return [id, { kind: 'pilot', customers: [...state.pilot.customers] }];
      return [id, { kind: activeAt >= 0 && i > activeAt ? 'earlier' : 'later' }];
    }),
  );
}

/** The status in words, for the list's status column. */
export function statusText(status: ReleaseStatus, customerName: (id: string) => string = (id) => id): string {
  switch (status.kind) {
    case 'active':
      return 'Active: everyone';
    case 'pilot':
      return `Pilot: ${status.customers.map(customerName).join(', ')}`;
    case 'earlier':
      return 'Earlier';
    case 'later':
      return 'Not in service';
  }
}
