// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MainUserList, ModuleView, ResolvedRoute } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { UsersScreen } from './UsersScreen.tsx';

const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const LOST: TestUser = { ...ERIN, sub: 'u-lost', customerId: null };
const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const user = (givenName: string, customerId: string | null, more: Partial<MainUserList['users'][number]> = {}): MainUserList['users'][number] => ({
  username: `u-${givenName}`,
  email: `${givenName.toLowerCase()}@example.test`,
  givenName,
  familyName: 'Doe',
  role: 'customer',
  customerId,
  mfa: 'off',
  status: 'CONFIRMED',
  enabled: true,
  ...more,
});
const DASH = { key: 'dash', name: 'Dashboard', baseUrl: '/', breadcrumbs: false, landingPath: '/', routes: [] } as ModuleView;

function usersScreen(who: TestUser, serve: (path: string) => unknown) {
  fakePlatform({ user: who, customers: [{ id: 'acme', name: 'Acme Industrial' }], serve: ({ url }) => serve(url.pathname) });
  return renderInApp(<UsersScreen title="Users" module={DASH} route={{} as ResolvedRoute} params={{}} />);
}

describe('UsersScreen, reading the users', () => {
  it("says it is loading a customer's users, then lists them by name with their MFA and status", async () => {
    usersScreen(ERIN, (path) =>
      path === '/api/main/customers/acme/users'
        ? { users: [user('Zoe', 'acme', { mfa: 'set-up' }), user('Adam', 'acme', { enabled: false, status: 'FORCE_CHANGE_PASSWORD' })] }
        : undefined,
    );
    expect(await screen.findByText('Loading the users…')).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Users of acme' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) => [
        within(r).getByRole('rowheader').textContent,
        ...within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ]),
    ).toEqual([
      ['Adam Doe', 'adam@example.test', 'customer', 'Off', 'disabled'],
      ['Zoe Doe', 'zoe@example.test', 'customer', 'Set up', 'confirmed'],
    ]);
  });

  it('says when the customer has no users', async () => {
    usersScreen(ERIN, (path) => (path === '/api/main/customers/acme/users' ? { users: [] } : undefined));
    expect(await screen.findByText('No users yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the users cannot be loaded, with Try again', async () => {
    usersScreen(ERIN, (path) => (path === '/api/main/customers/acme/users' ? problem(502, 'MAIN_DOWN', 'the main API did not answer') : undefined));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the users: the main API did not answer');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('tells a user of no customer that there is nothing to show, without asking', async () => {
    usersScreen(LOST, () => undefined);
    expect(await screen.findByText('Your account belongs to no customer, so there are no users to show.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Download users (CSV)' })).toBeNull();
  });

  it('shows staff acting for no customer everyone, a table per customer by name', async () => {
    usersScreen(STAFF, (path) => (path === '/api/main/users' ? { users: [user('Ann', 'acme'), user('Sam', null, { role: 'sentient' })] } : undefined));
    expect(await screen.findByRole('table', { name: 'Acme Industrial' })).toBeDefined();
    expect(within(screen.getByRole('table', { name: 'No customer' })).getByRole('rowheader').textContent).toBe('Sam Doe');
  });

  it('says why the users file could not be downloaded, and tries again on request', async () => {
    let asked = 0;
    const { user: person } = usersScreen(ERIN, (path) => {
      if (path === '/api/main/customers/acme/users') return { users: [] };
      if (!path.endsWith('/download-artifact/users.csv')) return undefined;
      asked += 1;
      return problem(404, 'NO_ARTIFACT', 'no users file yet');
    });
    await person.click(await screen.findByRole('button', { name: 'Download users (CSV)' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not download the users: no users file yet')).toBeDefined();
    await person.click(within(alert).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(asked).toBe(2));
  });
});
