// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagedUser, ModuleView, ResolvedRoute } from '@platform/schemas';
import { fakePlatform, problem, TEST_CONFIG, type SeenRequest, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { UsersScreen } from './UsersScreen.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const UM = '/api/user-management';
const ERIN: ManagedUser = {
  username: 'u-erin',
  sub: 'u-erin',
  email: 'erin@acme.test',
  givenName: 'Erin',
  familyName: 'Engineer',
  status: 'CONFIRMED',
  enabled: true,
  mfa: 'set-up',
  role: 'customer',
  customerId: 'acme',
  modules: null,
  landingPageModuleKey: null,
  requireMFA: false,
};
const DASH = { key: 'dash', name: 'Dashboard', baseUrl: '/', breadcrumbs: false, landingPath: '/', routes: [] } as ModuleView;

/** Staff where the deployment has a user-management backend: the screen manages users (decision 0049). */
function manage(serve: (request: SeenRequest) => unknown) {
  const platform = fakePlatform({
    user: STAFF,
    customers: [{ id: 'acme', name: 'Acme Industrial' }],
    serve: (request) => {
      const path = request.url.pathname;
      if (path === '/api/v1/config') return { ...TEST_CONFIG, backends: { ...TEST_CONFIG.backends, userManagement: UM } };
      if (path === '/api/v1/admin/modules')
        return { environment: 'local', manifests: { version: 'r1', loadedAt: '', history: [], rejected: null }, modules: [] };
      if (path === `${UM}/audit`) return { entries: [], nextCursor: null };
      return serve(request);
    },
  });
  return { platform, ...renderInApp(<UsersScreen title="Users" module={DASH} route={{} as ResolvedRoute} params={{}} />) };
}
const listing =
  (users: ManagedUser[]) =>
  ({ url, method }: SeenRequest) =>
    url.pathname === `${UM}/users` && method === 'GET' ? { users } : undefined;

describe('ManageUsers', () => {
  it('says it is loading the users, then lists them by customer with the steps that suit each', async () => {
    const locked: ManagedUser = {
      ...ERIN,
      username: 'u-ivy',
      sub: 'u-ivy',
      email: 'ivy@acme.test',
      givenName: 'Ivy',
      enabled: false,
      mfa: 'required',
      status: 'FORCE_CHANGE_PASSWORD',
    };
    manage(listing([ERIN, locked]));
    expect(await screen.findByText('Loading the users…')).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Acme Industrial' });
    expect(within(table).getByRole('button', { name: 'Disable Erin Engineer' })).toBeDefined();
    expect(within(table).getByRole('button', { name: 'Reset MFA Erin Engineer' })).toBeDefined();
    expect(within(table).getByRole('button', { name: 'Enable Ivy Engineer' })).toBeDefined();
    expect(within(table).getByRole('button', { name: 'Resend invitation Ivy Engineer' })).toBeDefined();
    expect(within(table).queryByRole('button', { name: 'Reset MFA Ivy Engineer' })).toBeNull();
    expect(screen.getByRole('region', { name: 'User changes' })).toBeDefined();
  });

  it('has one heading saying Users, the screen’s, and names its table section for itself', async () => {
    manage(listing([ERIN]));
    expect(await screen.findByRole('region', { name: 'Accounts and access' })).toBeDefined();
    expect(screen.getAllByRole('heading', { name: 'Users' }).map((h) => h.tagName)).toEqual(['H1']);
  });

  it('says when there are no users, and offers the invitation', async () => {
    manage(listing([]));
    expect(await screen.findByText('No users yet.')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeDefined();
  });

  it('says why the users cannot be loaded', async () => {
    manage(({ url }) => (url.pathname === `${UM}/users` ? problem(502, 'CFG_ERR_IDENTITY_PROVIDER', 'the user pool did not answer') : undefined));
    expect((await screen.findByText(/^Cannot load the users:/)).textContent).toBe('Cannot load the users: the user pool did not answer');
  });

  it('takes no step without a reason, then takes it and says what became of the user', async () => {
    const { user, platform } = manage((request) => listing([ERIN])(request) ?? (request.method === 'POST' ? { ...ERIN, enabled: false } : undefined));
    await user.click(await screen.findByRole('button', { name: 'Disable Erin Engineer' }));
    expect(screen.getByRole('alert').textContent).toBe('Say why, before you disable a user: the reason goes to the audit log.');
    await user.type(screen.getByRole('textbox', { name: 'Reason for the change' }), 'left the company');
    await user.click(screen.getByRole('button', { name: 'Disable Erin Engineer' }));
    expect(await screen.findByText('Erin Engineer disabled')).toBeDefined();
    expect(platform.requestsTo(`${UM}/users/u-erin/disable`)[0]?.body).toEqual({ reason: 'left the company' });
  });

  it('says why a step failed in the one shape of a failure', async () => {
    const { user } = manage(
      (request) => listing([ERIN])(request) ?? (request.method === 'POST' ? problem(409, 'CFG_ERR_CONFLICT', 'the user changed meanwhile') : undefined),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Reason for the change' }), 'lost their phone');
    await user.click(screen.getByRole('button', { name: 'Reset MFA Erin Engineer' }));
    expect(await screen.findByText('Could not reset MFA Erin Engineer: the user changed meanwhile')).toBeDefined();
  });

  it("invites a user, and shows the service's refusal in the form", async () => {
    const { user } = manage(
      (request) => listing([])(request) ?? (request.method === 'POST' ? problem(409, 'CFG_ERR_USER_EXISTS', 'a user with this email exists') : undefined),
    );
    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'erin@acme.test');
    await user.type(screen.getByRole('textbox', { name: 'Given name' }), 'Erin');
    await user.type(screen.getByRole('textbox', { name: 'Family name' }), 'Engineer');
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'new hire');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A user with this email exists');
    expect(screen.getByRole('form', { name: 'Invite a user' })).toBeDefined();
  });
});
