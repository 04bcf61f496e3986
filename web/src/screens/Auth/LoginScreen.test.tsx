// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { SignInOutput } from 'aws-amplify/auth';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { LoginScreen } from './LoginScreen.tsx';

// Amplify at the module boundary: what the identity provider answers is the test's to say.
const flow = vi.hoisted(() => ({ signIn: vi.fn(), confirmSignIn: vi.fn(), confirmSignUp: vi.fn(), resendSignUpCode: vi.fn() }));
vi.mock('../../auth/loadSignInFlow.ts', () => ({ loadSignInFlow: async () => ({ signIn: flow.signIn, confirmSignIn: flow.confirmSignIn }) }));
vi.mock('aws-amplify/auth', async (original) => ({
  ...(await original<typeof import('aws-amplify/auth')>()),
  confirmSignUp: flow.confirmSignUp,
  resendSignUpCode: flow.resendSignUpCode,
}));

const step = (nextStep: object): SignInOutput => ({ isSignedIn: false, nextStep }) as SignInOutput;
const SIGNED_IN = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as SignInOutput;
const TOTP_DETAILS = {
  sharedSecret: 'JBSWY3DPEHPK3PXP',
  getSetupUri: (app: string, who?: string) => new URL(`otpauth://totp/${app}:${who}?secret=JBSWY3DPEHPK3PXP`),
};

beforeEach(() => {
  vi.clearAllMocks();
  fakePlatform();
});

function renderLogin() {
  const view = renderInApp(
    <Routes>
      <Route path="/" element={<LoginScreen />} />
      <Route path="/login/forgot" element={<p>forgot page</p>} />
    </Routes>,
  );
  return view;
}

async function signInAs(user: ReturnType<typeof renderInApp>['user'], email = 'ivy@acme.example') {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'Temp-Passw0rd!');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginScreen, step by step', () => {
  it.each([
    [{ signInStep: 'CONFIRM_SIGN_UP' }, 'Confirm your email'],
    [{ signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' }, 'Choose a new password'],
    [{ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' }, 'Enter your authentication code'],
    [{ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*******1234' } }, 'Enter the code we texted you'],
    [{ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { destination: 'i***@a***' } }, 'Enter the code we emailed you'],
    [{ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['TOTP', 'SMS'] }, 'Choose how to confirm it’s you'],
    [{ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['TOTP', 'EMAIL'] }, 'Set up multi-factor authentication'],
    [{ signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP', totpSetupDetails: TOTP_DETAILS }, 'Set up your authenticator app'],
    [{ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' }, 'Get sign-in codes by email'],
  ])('shows a screen for %o, and goes back to the password form on request', async (nextStep, heading) => {
    flow.signIn.mockResolvedValue(step(nextStep));
    const { user } = renderLogin();
    await signInAs(user);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
  });

  it('says so, on the password form, of a step this platform does not use', async () => {
    flow.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE' }));
    const { user } = renderLogin();
    await signInAs(user);
    expect((await screen.findByRole('alert')).textContent).toContain('(CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE)');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');
  });

  it('sends a user whose password must be reset to the forgot-password page', async () => {
    flow.signIn.mockResolvedValue(step({ signInStep: 'RESET_PASSWORD' }));
    const { user } = renderLogin();
    await signInAs(user);
    expect(await screen.findByText('forgot page')).toBeTruthy();
  });

  it('confirms an unconfirmed account from sign-in, sends the code again, then signs in with the password given', async () => {
    flow.signIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_UP' })).mockResolvedValueOnce(SIGNED_IN);
    flow.resendSignUpCode.mockResolvedValue({});
    flow.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const { user } = renderLogin();
    await signInAs(user, 'late@acme.example');
    expect(await screen.findByText('late@acme.example')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(flow.resendSignUpCode).toHaveBeenCalledWith({ username: 'late@acme.example' });
    expect(await screen.findByText('A new code is on its way to late@acme.example.')).toBeTruthy();

    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(flow.confirmSignUp).toHaveBeenCalledWith({ username: 'late@acme.example', confirmationCode: '123456' });
    await vi.waitFor(() => expect(flow.signIn).toHaveBeenCalledTimes(2));
    expect(flow.signIn.mock.calls[1]?.[0]).toMatchObject({ username: 'late@acme.example', password: 'Temp-Passw0rd!' });
  });

  it('chooses the authenticator app, then answers with its code', async () => {
    flow.signIn.mockResolvedValue(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION', allowedMFATypes: ['SMS', 'TOTP'] }));
    flow.confirmSignIn.mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' })).mockResolvedValueOnce(SIGNED_IN);
    const { user } = renderLogin();
    await signInAs(user);
    const group = await screen.findByRole('group', { name: 'Confirm with' });
    expect([...group.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Text message', 'Authenticator app']);
    await user.click(screen.getByRole('button', { name: 'Authenticator app' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'TOTP' });

    await user.type(await screen.findByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '654321' });
  });

  it('sets up email codes: the address, then the code sent there', async () => {
    flow.signIn.mockResolvedValue(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['EMAIL', 'TOTP'] }));
    flow.confirmSignIn
      .mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP' }))
      .mockResolvedValueOnce(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE', codeDeliveryDetails: { destination: 'i***@a***' } }))
      .mockResolvedValueOnce(SIGNED_IN);
    const { user } = renderLogin();
    await signInAs(user);
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'EMAIL' });
    const address = await screen.findByLabelText('Email for sign-in codes');
    expect((address as HTMLInputElement).value).toBe('ivy@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'ivy@acme.example' });
    expect(await screen.findByText('We sent a code to i***@a***.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the email'), '11223344');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '11223344' });
  });

  it('answers an SMS code, and shows what the provider says of a wrong one', async () => {
    flow.signIn.mockResolvedValue(step({ signInStep: 'CONFIRM_SIGN_IN_WITH_SMS_CODE', codeDeliveryDetails: { destination: '+*******1234' } }));
    flow.confirmSignIn.mockRejectedValueOnce(Object.assign(new Error('Invalid code'), { name: 'CodeMismatchException' })).mockResolvedValueOnce(SIGNED_IN);
    const { user } = renderLogin();
    await signInAs(user);
    expect(await screen.findByText('We sent a code to +*******1234.')).toBeTruthy();
    await user.type(screen.getByLabelText('Code from the text message'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. Check it and try again.');
    await user.clear(screen.getByLabelText('Code from the text message'));
    await user.type(screen.getByLabelText('Code from the text message'), '424242');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(flow.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '424242' });
  });

  it("keeps the user on the password form with the provider's refusal, and on a step with its own", async () => {
    flow.signIn
      .mockRejectedValueOnce(
        Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException', $metadata: { httpStatusCode: 400 } }),
      )
      .mockResolvedValueOnce(step({ signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', allowedMFATypes: ['EMAIL'] }));
    flow.confirmSignIn.mockRejectedValueOnce(Object.assign(new Error('Rate exceeded'), { name: 'LimitExceededException' }));
    const { user } = renderLogin();
    await signInAs(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign in');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Wait a few minutes, then try again.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Set up multi-factor authentication');
  });

  it('says the account was disabled when that is why the session ended, and only then', async () => {
    const before = renderLogin();
    expect(screen.queryByRole('status')).toBeNull();
    before.unmount();
    sessionStorage.setItem('platform.signInReason', 'account-disabled');
    renderLogin();
    expect((await screen.findByRole('status')).textContent).toMatch(/^Your account has been disabled: you were signed out\. Ask your administrator/);
    sessionStorage.clear();
  });
});
