// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { releaseSummary, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import type { ReleaseStatus } from './releaseStatus.ts';
import { ReleaseTable } from './ReleaseTable.tsx';

const [OLD, ACTIVE, PILOT, NEW] = ['a', 'b', 'c', 'd'].map((c) => c.repeat(32)) as [string, string, string, string];
const RELEASES = [NEW, PILOT, ACTIVE, OLD].map((id) => releaseSummary(storedRelease(id, {})));
const STATUSES = new Map<string, ReleaseStatus>([
  [NEW, { kind: 'later' }],
  [PILOT, { kind: 'pilot', customers: ['acme'] }],
  [ACTIVE, { kind: 'active' }],
  [OLD, { kind: 'earlier' }],
]);

/** The table of the releases above; the draft screen exists unless `noDrafts`. */
function releaseTable({ selected = [] as string[], noDrafts = false } = {}) {
  const onSelect = vi.fn();
  const onAction = vi.fn();
  const view = renderInApp(
    <ReleaseTable
      releases={RELEASES}
      statuses={STATUSES}
      selected={selected}
      onSelect={onSelect}
      onAction={onAction}
      draftPath={(base) => (noDrafts ? undefined : `/draft?base=${base}`)}
      customerName={(id) => (id === 'acme' ? 'Acme Rail' : id)}
    />,
  );
  return { ...view, onSelect, onAction };
}

/** A release's row, found by the short id it shows. */
const row = (id: string) => screen.getByRole('rowheader', { name: id.slice(0, 8) }).closest('tr')!;

describe('ReleaseTable', () => {
  it('shows every release newest first with who published it, why, and where it stands, pilot customers by name', () => {
    releaseTable();
    const rows = within(screen.getByRole('table', { name: 'Releases' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([NEW, PILOT, ACTIVE, OLD].map((id) => id.slice(0, 8)));
    expect(rows.map((r) => r.querySelector('.badge')?.textContent)).toEqual(['Not in service', 'Pilot: Acme Rail', 'Active: everyone', 'Earlier']);
    expect(within(row(OLD)).getByText('sam@provider.test')).toBeTruthy();
    expect(within(row(OLD)).getByText('a test release')).toBeTruthy();
  });

  it('names a release by the first 8 characters of its id, the whole id in its tooltip, and when it was published', () => {
    releaseTable();
    const id = within(row(OLD)).getByRole('rowheader');
    expect(id.textContent).toBe('aaaaaaaa');
    expect(id.querySelector('code')?.title).toBe(OLD);
    expect(within(row(OLD)).getByText(/ ago$/).getAttribute('title')).toBe('26-Nov-2026 09:00:00 UTC');
  });

  it('offers rollback on an earlier release and activation on a later one, and no step on the active one', async () => {
    const { user, onAction } = releaseTable();
    expect(within(row(ACTIVE)).queryAllByRole('button')).toEqual([]);
    await user.click(within(row(OLD)).getByRole('button', { name: 'Roll back to this…' }));
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'activate', release: OLD });
    await user.click(within(row(NEW)).getByRole('button', { name: 'Make active…' }));
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'activate', release: NEW });
    await user.click(within(row(NEW)).getByRole('button', { name: 'Pilot…' }));
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'pilot', release: NEW });
    await user.click(within(row(PILOT)).getByRole('button', { name: 'Compare with active' }));
    expect(onAction).toHaveBeenLastCalledWith({ kind: 'compare', release: PILOT });
  });

  it('selects releases for comparison and shows which are selected', async () => {
    const { user, onSelect } = releaseTable({ selected: [OLD] });
    expect(screen.getByRole('checkbox', { name: `Select ${OLD} for comparison` })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('checkbox', { name: `Select ${NEW} for comparison` }));
    expect(onSelect).toHaveBeenCalledWith(NEW, true);
    await user.click(screen.getByRole('checkbox', { name: `Select ${OLD} for comparison` }));
    expect(onSelect).toHaveBeenCalledWith(OLD, false);
  });

  it('links each release to a draft of it', () => {
    releaseTable();
    expect(within(row(OLD)).getByRole('link', { name: 'Edit as a draft' }).getAttribute('href')).toBe(`/draft?base=${OLD}`);
  });

  it('offers no draft without the draft screen', () => {
    releaseTable({ noDrafts: true });
    expect(screen.queryByRole('link', { name: 'Edit as a draft' })).toBeNull();
  });
});
