// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

// Amplify at the module boundary: the user's MFA as the identity provider holds it is the test's to say.
const idp = vi.hoisted(() => ({
  fetchMFAPreference: vi.fn(),
  setUpTOTP: vi.fn(),
  verifyTOTPSetup: vi.fn(),
  updateMFAPreference: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('../../auth/loadSignInFlow.ts', () => ({ loadSignInFlow: async () => ({ fetchMFAPreference: idp.fetchMFAPreference }) }));
vi.mock('aws-amplify/auth', async (original) => ({
  ...(await original<typeof import('aws-amplify/auth')>()),
  setUpTOTP: idp.setUpTOTP,
  verifyTOTPSetup: idp.verifyTOTPSetup,
  updateMFAPreference: idp.updateMFAPreference,
  updatePassword: idp.updatePassword,
}));

const ERIN: TestUser = {
  sub: 'u-erin',
  email: 'erin@acme.test',
  givenName: 'Erin',
  familyName: 'Engineer',
  role: 'customer',
  customerId: 'acme',
  meta: { site: 'North' },
};
const TOTP = { sharedSecret: 'JBSWY3DPEHPK3PXP', getSetupUri: (app: string, who?: string) => new URL(`otpauth://totp/${app}:${who}?secret=JBSWY3DPEHPK3PXP`) };
const mismatch = () => Object.assign(new Error('Code mismatch'), { name: 'CodeMismatchException' });

beforeEach(() => {
  vi.clearAllMocks();
  idp.fetchMFAPreference.mockResolvedValue({});
});

/** Who the user is, as the page lists it: the terms outside the sections below the list. */
const details = () =>
  Object.fromEntries(
    screen
      .getAllByRole('term')
      .filter((t) => !t.closest('section'))
      .map((t) => [t.textContent, t.nextElementSibling?.textContent]),
  );

describe('ProfileScreen', () => {
  it('shows only its heading until the user is known, then who they are and what their organisation wrote', async () => {
    fakePlatform({ user: ERIN });
    renderInApp(<ProfileScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeDefined();
    expect(screen.queryByRole('term')).toBeNull();
    expect(await screen.findByText('Erin Engineer')).toBeDefined();
    expect(details()).toEqual({ Name: 'Erin Engineer', Email: 'erin@acme.test', Role: 'customer', Customer: 'acme', 'Signed in with': 'Email and password' });
    expect(within(screen.getByRole('region', { name: 'From your organisation' })).getByText('North')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says MFA is required before anything else opens, when the service says so', async () => {
    fakePlatform({ user: ERIN, mfaPending: true });
    renderInApp(<ProfileScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your organisation requires multi-factor authentication.');
    expect(details()).not.toHaveProperty('Customer');
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeDefined();
  });

  it('says MFA is on when the authenticator app is the preferred factor', async () => {
    idp.fetchMFAPreference.mockResolvedValue({ preferred: 'TOTP' });
    fakePlatform({ user: ERIN });
    renderInApp(<ProfileScreen />);
    expect(await screen.findByText('Multi-factor authentication is on: sign-in asks for a code from your authenticator app.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
  });

  it('sets up the authenticator app: a wrong code is said in plain words, the right one turns MFA on', async () => {
    idp.setUpTOTP.mockResolvedValue(TOTP);
    idp.verifyTOTPSetup.mockRejectedValueOnce(mismatch()).mockResolvedValue(undefined);
    fakePlatform({ user: ERIN });
    const { user } = renderInApp(<ProfileScreen />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect(((await screen.findByLabelText('Secret key')) as HTMLInputElement).value).toBe('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. Check it and try again.');
    expect(idp.updateMFAPreference).not.toHaveBeenCalled();

    idp.fetchMFAPreference.mockResolvedValue({ preferred: 'TOTP' });
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Multi-factor authentication is on.')).toBeDefined();
    expect(idp.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(await screen.findByText(/sign-in asks for a code from your authenticator app/)).toBeDefined();
  });

  it('says why the set-up could not start', async () => {
    idp.setUpTOTP.mockRejectedValue(Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' }));
    fakePlatform({ user: ERIN });
    const { user } = renderInApp(<ProfileScreen />);
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The identity provider cannot be reached. Check your connection and try again.');
  });

  it('changes the password under the pool’s rules, says a wrong current password in words, and confirms with a toast', async () => {
    idp.updatePassword
      .mockRejectedValueOnce(Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' }))
      .mockResolvedValue(undefined);
    const policy = { minLength: 12, requireLowercase: true, requireUppercase: true, requireNumbers: true, requireSymbols: false };
    fakePlatform({ user: ERIN, passwordPolicy: policy });
    const { user } = renderInApp(<ProfileScreen />);
    const password = await screen.findByRole('region', { name: 'Password' });
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    const rules = await within(password).findByText('Your new password needs:');
    expect(
      within(rules.parentElement!)
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual(['at least 12 characters', 'a lower-case letter', 'an upper-case letter', 'a number']);

    await user.type(within(password).getByLabelText('Current password'), 'Old-Passw0rd!');
    await user.type(within(password).getByLabelText('New password'), 'Short1a');
    await user.type(within(password).getByLabelText('Confirm new password'), 'Short1a');
    await user.click(within(password).getByRole('button', { name: 'Save new password' }));
    expect((await within(password).findByRole('alert')).textContent).toBe('The password needs at least 12 characters.');
    expect(idp.updatePassword).not.toHaveBeenCalled();

    for (const field of ['New password', 'Confirm new password']) {
      await user.clear(within(password).getByLabelText(field));
      await user.type(within(password).getByLabelText(field), 'Longer-Passw0rd');
    }
    await user.click(within(password).getByRole('button', { name: 'Save new password' }));
    expect((await within(password).findByRole('alert')).textContent).toBe('Your current password is not right. Type it again.');

    await user.click(within(password).getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeDefined();
    expect(idp.updatePassword).toHaveBeenLastCalledWith({ oldPassword: 'Old-Passw0rd!', newPassword: 'Longer-Passw0rd' });
    expect(within(password).queryByLabelText('Current password')).toBeNull();
    expect(within(password).getByRole('button', { name: 'Change password' })).toBeDefined();
  });
});
