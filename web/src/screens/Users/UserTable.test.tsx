// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MainUserList, ManagedUser } from '@platform/schemas';
import { UserTable } from './UserTable.tsx';

const listed = (givenName: string, more: Partial<MainUserList['users'][number]> = {}): MainUserList['users'][number] => ({
  username: `u-${givenName || 'nameless'}`,
  email: `${givenName.toLowerCase() || 'nameless'}@acme.test`,
  givenName,
  familyName: givenName ? 'Doe' : '',
  role: 'customer',
  customerId: 'acme',
  mfa: 'off',
  status: 'CONFIRMED',
  enabled: true,
  ...more,
});
const managed = (givenName: string, more: Partial<ManagedUser> = {}): ManagedUser => ({
  ...listed(givenName),
  sub: `u-${givenName}`,
  modules: null,
  landingPageModuleKey: null,
  requireMFA: false,
  ...more,
});

/** Each row as a reader hears it: the row's header, then every cell under its column's name. */
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [
      within(r).getByRole('rowheader').textContent,
      ...within(r)
        .getAllByRole('cell')
        .map((c) => `${c.getAttribute('data-label')}: ${c.textContent}`),
    ]);

describe('UserTable', () => {
  it('lists users for reading by name, every cell labelled for the cards on phones, and no actions', () => {
    render(<UserTable caption="Users of Acme" users={[listed('Zoe', { mfa: 'set-up' }), listed('Adam', { enabled: false }), listed('')]} />);
    const table = screen.getByRole('table', { name: 'Users of Acme' });
    expect(table.className).toContain('user-cards');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'MFA', 'Status']);
    expect(rows(table)).toEqual([
      // An account without a name is shown by its email, as the staff view shows it.
      ['nameless@acme.test', 'Email: nameless@acme.test', 'Role: customer', 'MFA: Off', 'Status: confirmed'],
      ['Adam Doe', 'Email: adam@acme.test', 'Role: customer', 'MFA: Off', 'Status: disabled'],
      ['Zoe Doe', 'Email: zoe@acme.test', 'Role: customer', 'MFA: Set up', 'Status: confirmed'],
    ]);
    expect(within(table).queryAllByRole('button')).toEqual([]);
  });

  it('gives staff an actions column with the steps that suit each user, every button naming its user', async () => {
    const edit = vi.fn();
    const take = vi.fn();
    const ivy = managed('Ivy', { enabled: false, mfa: 'required', status: 'FORCE_CHANGE_PASSWORD' });
    render(<UserTable caption="Acme Industrial" users={[managed('Erin', { mfa: 'set-up' }), ivy]} actions={{ edit, take }} />);
    const table = screen.getByRole('table', { name: 'Acme Industrial' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'MFA', 'Status', 'Actions']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Edit Erin Doe', 'Disable Erin Doe', 'Reset MFA Erin Doe', 'Edit Ivy Doe', 'Enable Ivy Doe', 'Resend invitation Ivy Doe']);
    const user = userEvent.setup();
    const enable = within(table).getByRole('button', { name: 'Enable Ivy Doe' });
    await user.click(enable);
    expect(take).toHaveBeenCalledWith(ivy, 'enable', enable);
    await user.click(within(table).getByRole('button', { name: 'Edit Ivy Doe' }));
    expect(edit).toHaveBeenCalledWith(ivy, expect.any(HTMLButtonElement));
  });

  it("keeps the order of staff's paged list, so a page shown more adds rows below the ones read", () => {
    render(<UserTable caption="Paged users" users={[managed('Zoe'), managed('Adam')]} actions={{ edit: vi.fn(), take: vi.fn() }} />);
    expect(rows(screen.getByRole('table', { name: 'Paged users' })).map(([name]) => name)).toEqual(['Zoe Doe', 'Adam Doe']);
  });
});
