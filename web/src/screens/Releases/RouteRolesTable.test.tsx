// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../testing/renderInApp.tsx';
import type { RouteRow } from './manifestEdits.ts';
import { RouteRolesTable } from './RouteRolesTable.tsx';

const ROWS: RouteRow[] = [
  { pointer: '/routes/0', fullPath: '/leaderboard', title: 'Leaderboard', roles: null, depth: 0 },
  { pointer: '/routes/0/children/0', fullPath: '/leaderboard/admin', title: 'Settings', roles: ['admin', 'legacy'], depth: 1 },
];

function routeRolesTable() {
  const onChange = vi.fn();
  const view = renderInApp(<RouteRolesTable moduleName="Leaderboard" rows={ROWS} roles={['sentient', 'admin']} onChange={onChange} />);
  return { ...view, onChange, table: within(screen.getByRole('table', { name: 'Who may open each page of Leaderboard' })) };
}

describe('RouteRolesTable', () => {
  it('shows each page with the roles it is limited to, a role only a page names among the columns', () => {
    const { table } = routeRolesTable();
    expect(table.getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Page', 'Title', 'sentient', 'admin', 'legacy', 'Open to']);
    const [open, limited] = table.getAllByRole('row').slice(1);
    expect(within(open!).getByText('every role')).toBeTruthy();
    expect(within(limited!).getByText('admin, legacy')).toBeTruthy();
    expect(table.getByRole('checkbox', { name: 'legacy may open /leaderboard/admin' })).toHaveProperty('checked', true);
    expect(table.getByRole('checkbox', { name: 'sentient may open /leaderboard/admin' })).toHaveProperty('checked', false);
  });

  it('limits an open page to a role ticked, and opens a page again once its last role is unticked', async () => {
    const { user, onChange, table } = routeRolesTable();
    await user.click(table.getByRole('checkbox', { name: 'sentient may open /leaderboard' }));
    expect(onChange).toHaveBeenLastCalledWith('/routes/0', ['sentient']);
    await user.click(table.getByRole('checkbox', { name: 'admin may open /leaderboard/admin' }));
    expect(onChange).toHaveBeenLastCalledWith('/routes/0/children/0', ['legacy']);
  });

  it('gives a page with no role left to every role, not to nobody', async () => {
    const rows: RouteRow[] = [{ ...ROWS[1]!, roles: ['admin'] }];
    const onChange = vi.fn();
    const { user } = renderInApp(<RouteRolesTable moduleName="Leaderboard" rows={rows} roles={['admin']} onChange={onChange} />);
    await user.click(screen.getByRole('checkbox', { name: 'admin may open /leaderboard/admin' }));
    expect(onChange).toHaveBeenLastCalledWith('/routes/0/children/0', null);
  });
});
