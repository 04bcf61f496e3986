// @vitest-environment jsdom
import { useInfiniteQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { AuditTable } from './AuditTable.tsx';

interface Entry {
  id: string;
  at: string;
  actor: { sub: string; email: string };
  reason: string;
  step: string;
}
type Page = { entries: Entry[]; nextCursor: string | null };

const entry = (id: string, step: string, email = 'sam@provider.test'): Entry => ({
  id,
  at: '2025-03-01T09:30:00Z',
  actor: { sub: `sub-${id}`, email },
  reason: `because ${id}`,
  step,
});

/** An audit as the screens write one: an infinite query over a service that answers page by page. */
function Audit({ load, filter }: { load: (cursor: string) => Promise<Page>; filter?: boolean }) {
  const audit = useInfiniteQuery({
    queryKey: ['audit'],
    queryFn: ({ pageParam }) => load(pageParam),
    initialPageParam: '',
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
  });
  return (
    <AuditTable
      title="Audit"
      label="Release audit"
      audit={audit}
      columns={[{ header: 'Step', cell: (e) => e.step }]}
      what="the audit"
      empty="No steps yet."
      older="Show older steps"
    >
      {filter && <input aria-label="Filter" />}
    </AuditTable>
  );
}

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) =>
      within(r)
        .queryAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('AuditTable', () => {
  it('lists when, who, the step and why under its heading, newest first as the service sends them', async () => {
    const load = vi.fn(async () => ({ entries: [entry('e2', 'made r2 active'), entry('e1', 'published r1', '')], nextCursor: null }));
    renderInApp(<Audit load={load} />);
    const table = await screen.findByRole('table', { name: 'Release audit' });
    expect(screen.getByRole('region', { name: 'Audit' }).contains(table)).toBe(true);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Step', 'Reason']);
    // An actor without an email (the folder watch) is named by its subject.
    expect(
      rows(table)
        .slice(1)
        .map((cells) => cells.slice(1)),
    ).toEqual([
      ['sam@provider.test', 'made r2 active', 'because e2'],
      ['sub-e1', 'published r1', 'because e1'],
    ]);
    expect(within(table).getAllByRole('time')[0]?.getAttribute('datetime')).toBe('2025-03-01T09:30:00Z');
    expect(screen.queryByRole('button', { name: 'Show older steps' })).toBeNull();
  });

  it('says so when there is nothing yet, without an empty table', async () => {
    renderInApp(<Audit load={async () => ({ entries: [], nextCursor: null })} />);
    expect(await screen.findByText('No steps yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows why the audit cannot be loaded in an alert, and loads it again on request', async () => {
    const load = vi.fn<(cursor: string) => Promise<Page>>().mockRejectedValueOnce(new Error('service unavailable'));
    load.mockResolvedValue({ entries: [entry('e1', 'published r1')], nextCursor: null });
    const { user } = renderInApp(<Audit load={load} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Cannot load the audit: service unavailable')).toBeDefined();
    expect(screen.queryByText('No steps yet.')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Release audit' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages back to older entries until there are none', async () => {
    const load = vi.fn(async (cursor: string) =>
      cursor === '' ? { entries: [entry('e2', 'made r2 active')], nextCursor: 'c1' } : { entries: [entry('e1', 'published r1')], nextCursor: null },
    );
    const { user } = renderInApp(<Audit load={load} />);
    await user.click(await screen.findByRole('button', { name: 'Show older steps' }));
    await vi.waitFor(() => expect(rows(screen.getByRole('table', { name: 'Release audit' }))).toHaveLength(3));
    expect(load.mock.calls.map(([cursor]) => cursor)).toEqual(['', 'c1']);
    expect(screen.queryByRole('button', { name: 'Show older steps' })).toBeNull();
  });

  it('puts the controls that narrow the list under the heading, before the table', async () => {
    renderInApp(<Audit filter load={async () => ({ entries: [entry('e1', 'published r1')], nextCursor: null })} />);
    const table = await screen.findByRole('table', { name: 'Release audit' });
    const filter = screen.getByRole('textbox', { name: 'Filter' });
    expect(screen.getByRole('heading', { name: 'Audit' }).compareDocumentPosition(filter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(filter.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
