import { describe, expect, it } from 'vitest';
import { releaseStatuses, statusText } from './releaseStatus.ts';

const ids = ['c00000000000', 'b00000000000', 'a00000000000', '900000000000'];

describe('release status', () => {
  it('marks the active release, the pilot with its customers, and the rest as earlier or later', () => {
    const statuses = releaseStatuses(ids, { active: 'b00000000000', pilot: { release: 'c00000000000', customers: ['acme'] } });
    expect([...statuses.values()]).toEqual([{ kind: 'pilot', customers: ['acme'] }, { kind: 'active' }, { kind: 'earlier' }, { kind: 'earlier' }]);
  });

  it('calls a newer release that is not served "not in service", as when it was rolled back from', () => {
    const statuses = releaseStatuses(ids, { active: 'a00000000000', pilot: null });
    expect(statusText(statuses.get('c00000000000')!)).toBe('Not in service');
    expect(statusText(statuses.get('900000000000')!)).toBe('Earlier');
  });

  it('names the pilot customers by the names given', () => {
    expect(statusText({ kind: 'pilot', customers: ['acme', 'globex'] }, (id) => id.toUpperCase())).toBe('Pilot: ACME, GLOBEX');
  });
});
