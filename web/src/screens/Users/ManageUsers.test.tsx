// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
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

  it("offers no step on the administrator's own rights on their own row, and keeps Edit", async () => {
    const sam: ManagedUser = { ...ERIN, username: 'u-sam', sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient' };
    manage(listing([ERIN, sam]));
    const table = await screen.findByRole('table', { name: 'Acme Industrial' });
    expect(within(table).getByRole('button', { name: 'Edit Sam Staff' })).toBeDefined();
    expect(within(table).queryByRole('button', { name: 'Disable Sam Staff' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Reset MFA Sam Staff' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Disable Erin Engineer' })).toBeDefined();
  });

  it('reads the users once, not again each time the window regains focus', async () => {
    const { platform } = manage(listing([ERIN]));
    await screen.findByRole('table', { name: 'Acme Industrial' });
    const reads = () => platform.requestsTo(`${UM}/users`).length;
    const before = reads();
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(reads()).toBe(before);
    focusManager.setFocused(undefined);
  });

  it('says in words that an administrator cannot change their own rights', async () => {
    const { user } = manage(
      (request) =>
        listing([ERIN])(request) ??
        (request.method === 'POST' ? problem(403, 'CFG_ERR_USER_SELF_CHANGE', 'you cannot change your own role: ask another administrator') : undefined),
    );
    await user.click(await screen.findByRole('button', { name: 'Disable Erin Engineer' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'leaving');
    await user.click(screen.getByRole('button', { name: 'Disable user' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not disable Erin Engineer: no administrator changes their own role, customer, modules or MFA, nor disables themselves: ask another administrator',
    );
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

  it('names the customers of the users shown in one request, an id it does not hold as it is', async () => {
    const gus: ManagedUser = { ...ERIN, username: 'u-gus', sub: 'u-gus', email: 'gus@globex.test', givenName: 'Gus', customerId: 'globex' };
    const ann: ManagedUser = { ...ERIN, username: 'u-ann', sub: 'u-ann', email: 'ann@acme.test', givenName: 'Ann' };
    const { platform } = manage(listing([ERIN, gus, ann]));
    expect(await screen.findByRole('table', { name: 'Acme Industrial' })).toBeDefined();
    expect(screen.getByRole('table', { name: 'globex' })).toBeDefined();
    expect(platform.requestsTo('/api/v1/customers').map((r) => r.url.searchParams.get('ids'))).toEqual(['acme,globex']);
    expect(platform.requests.filter((r) => r.url.pathname.startsWith('/api/v1/customers/'))).toEqual([]);
  });

  it('says why the users cannot be loaded', async () => {
    manage(({ url }) => (url.pathname === `${UM}/users` ? problem(502, 'CFG_ERR_IDENTITY_PROVIDER', 'the user pool did not answer') : undefined));
    expect((await screen.findByText(/^Cannot load the users:/)).textContent).toBe('Cannot load the users: the user pool did not answer');
  });

  it('asks the reason in a dialog beside the row, says what disabling does, and keeps focus on the row after the save', async () => {
    let erin = ERIN;
    const { user, platform } = manage((request) => {
      if (request.method === 'POST') erin = { ...ERIN, enabled: false };
      return listing([erin])(request) ?? (request.method === 'POST' ? erin : undefined);
    });
    const disable = await screen.findByRole('button', { name: 'Disable Erin Engineer' });
    await user.click(disable);
    const dialog = screen.getByRole('dialog', { name: 'Disable Erin Engineer?' });
    expect(within(dialog).getByText('Erin Engineer can no longer sign in until someone enables them again.')).toBeDefined();
    // Focus goes to what the button opened: the dialog's first field.
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Say why you disable Erin Engineer: the reason goes to the audit log.');
    expect(platform.requestsTo(`${UM}/users/u-erin/disable`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'left the company');
    await user.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    expect(await screen.findByText('Erin Engineer disabled')).toBeDefined();
    expect(platform.requestsTo(`${UM}/users/u-erin/disable`)[0]?.body).toEqual({ reason: 'left the company' });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The row, refetched, offers Enable where Disable was, and the keyboard is still on it.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Enable Erin Engineer' }));
  });

  it('says what resetting MFA does, and puts focus back on the row when the dialog is cancelled or escaped', async () => {
    const { user } = manage(listing([{ ...ERIN, requireMFA: true }]));
    const reset = await screen.findByRole('button', { name: 'Reset MFA Erin Engineer' });
    await user.click(reset);
    const dialog = screen.getByRole('dialog', { name: 'Reset MFA Erin Engineer?' });
    expect(within(dialog).getByText(/they must set MFA up again at their next sign-in/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(reset);
    await user.click(reset);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(reset);
  });

  it('moves focus to the row when the step took its button away', async () => {
    let erin = ERIN;
    const { user } = manage((request) => {
      if (request.method === 'POST') erin = { ...ERIN, mfa: 'off' };
      return listing([erin])(request) ?? (request.method === 'POST' ? erin : undefined);
    });
    await user.click(await screen.findByRole('button', { name: 'Reset MFA Erin Engineer' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'lost their phone');
    await user.click(screen.getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText('Erin Engineer has MFA reset')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Reset MFA Erin Engineer' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Erin Engineer' }));
  });

  it("shows the identity provider's refusal in the dialog in plain words, and its own words when they are not known", async () => {
    let providerError = 'UnsupportedUserStateException';
    const { user } = manage(
      (request) =>
        listing([{ ...ERIN, status: 'FORCE_CHANGE_PASSWORD', mfa: 'off' }])(request) ??
        (request.method === 'POST'
          ? problem(422, 'CFG_ERR_IDENTITY_PROVIDER_REFUSED', 'cannot resend the invitation: User is already confirmed.', { providerError })
          : undefined),
    );
    await user.click(await screen.findByRole('button', { name: 'Resend invitation Erin Engineer' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend invitation Erin Engineer?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'lost the e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation again' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "Could not resend invitation Erin Engineer: the user's account is not in a state that allows this; the invitation, for one, can be sent again only until their first sign-in",
    );
    providerError = 'SomethingNewException';
    await user.click(within(dialog).getByRole('button', { name: 'Send the invitation again' }));
    expect(await within(dialog).findByText(/the identity provider refused it \(it said: "User is already confirmed\."\)$/)).toBeDefined();
  });

  it('says why a step failed in the one shape of a failure', async () => {
    const { user } = manage(
      (request) => listing([ERIN])(request) ?? (request.method === 'POST' ? problem(409, 'CFG_ERR_CONFLICT', 'the user changed meanwhile') : undefined),
    );
    await user.click(await screen.findByRole('button', { name: 'Reset MFA Erin Engineer' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason' }), 'lost their phone');
    await user.click(screen.getByRole('button', { name: 'Reset MFA' }));
    expect(await screen.findByText('Could not reset MFA Erin Engineer: the user changed meanwhile')).toBeDefined();
  });

  it('opens the edit form on its first field and puts focus back on the Edit button when it closes', async () => {
    const { user } = manage(listing([ERIN]));
    const edit = await screen.findByRole('button', { name: 'Edit Erin Engineer' });
    await user.click(edit);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Given name' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Erin Engineer' }));
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
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A user with this e-mail address already exists: find them in the list, or invite another address',
    );
    expect(screen.getByRole('form', { name: 'Invite a user' })).toBeDefined();
  });
});

describe('ManageUsers, a page at a time', () => {
  const person = (givenName: string): ManagedUser => ({
    ...ERIN,
    username: `u-${givenName}`,
    sub: `u-${givenName}`,
    email: `${givenName.toLowerCase()}@acme.test`,
    givenName,
  });

  it('asks for the first page, then the next one on "Show more users", adding its users below', async () => {
    const { user, platform } = manage(({ url, method }) => {
      if (url.pathname !== `${UM}/users` || method !== 'GET') return undefined;
      return url.searchParams.get('cursor') === 'after-erin' ? { users: [person('Abe')], nextCursor: null } : { users: [ERIN], nextCursor: 'after-erin' };
    });
    const table = await screen.findByRole('table', { name: 'Acme Industrial' });
    await user.click(screen.getByRole('button', { name: 'Show more users' }));
    await within(table).findByRole('rowheader', { name: 'Abe Engineer' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Erin Engineer', 'Abe Engineer']);
    expect(screen.queryByRole('button', { name: 'Show more users' })).toBeNull();
    expect(platform.requestsTo(`${UM}/users`).map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('cursor')])).toEqual([
      ['50', null],
      ['50', 'after-erin'],
    ]);
  });

  it('searches on the service once typing pauses, and says when no one matches', async () => {
    const { user, platform } = manage(({ url, method }) => {
      if (url.pathname !== `${UM}/users` || method !== 'GET') return undefined;
      const query = url.searchParams.get('query');
      return { users: query === null ? [ERIN, person('Ivy')] : query === 'iv' ? [person('Ivy')] : [], nextCursor: null };
    });
    await screen.findByRole('rowheader', { name: 'Erin Engineer' });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'iv');
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Erin Engineer' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Ivy Engineer' })).toBeDefined();
    // One request for the search, not one a key.
    expect(platform.requestsTo(`${UM}/users`).map((r) => r.url.searchParams.get('query'))).toEqual([null, 'iv']);
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'x');
    expect(await screen.findByText('No user’s e-mail address or name starts with “ivx”.')).toBeDefined();
  });
});
