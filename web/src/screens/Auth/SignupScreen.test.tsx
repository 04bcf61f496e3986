// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { SignupScreen } from './SignupScreen.tsx';

// Amplify at the module boundary: what the identity provider answers is the test's to say.
const idp = vi.hoisted(() => ({ signUp: vi.fn(), confirmSignUp: vi.fn(), resendSignUpCode: vi.fn() }));
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<typeof import('aws-amplify/auth')>()), ...idp }));

const refusal = (name: string, message = name, status = 400) => Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });

beforeEach(() => {
  vi.clearAllMocks();
  fakePlatform();
});

function signup() {
  return renderInApp(
    <Routes>
      <Route path="/" element={<SignupScreen />} />
      <Route path="/login" element={<h1>Sign in</h1>} />
    </Routes>,
  );
}

async function fill(user: ReturnType<typeof signup>['user'], password = 'Chosen-Passw0rd!', confirm = password) {
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ivy');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'New');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ivy@acme.example');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupScreen', () => {
  it('creates the account, confirms it with the emailed code, and goes to sign in', async () => {
    idp.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    idp.confirmSignUp.mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    const { user } = signup();
    await fill(user);
    expect(idp.signUp).toHaveBeenCalledWith({
      username: 'ivy@acme.example',
      password: 'Chosen-Passw0rd!',
      options: { userAttributes: { email: 'ivy@acme.example', given_name: 'Ivy', family_name: 'New' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email' })).toBeDefined();
    expect(screen.getByText('ivy@acme.example')).toBeDefined();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByText('Your account is ready. Sign in with your new password.')).toBeDefined();
  });

  it('asks the provider nothing for passwords that differ', async () => {
    const { user } = signup();
    await fill(user, 'Chosen-Passw0rd!', 'Chosen-Passw0rd?');
    expect(screen.getByRole('alert').textContent).toBe('The two passwords differ.');
    expect(idp.signUp).not.toHaveBeenCalled();
  });

  it('says an account with the email exists, in plain words', async () => {
    idp.signUp.mockRejectedValue(refusal('UsernameExistsException', 'User already exists'));
    const { user } = signup();
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe('An account with this email already exists. Sign in, or reset its password.');
    expect(screen.getByRole('button', { name: 'Create account' })).toHaveProperty('disabled', false);
  });

  it('says the identity provider is not answering when it fails', async () => {
    idp.signUp.mockRejectedValue(refusal('InternalErrorException', 'boom', 503));
    const { user } = signup();
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe('The identity provider is not answering right now. Try again in a moment.');
  });

  it('shows a wrong confirmation code as the provider means it, and sends a new code on request', async () => {
    idp.signUp.mockResolvedValue({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } });
    idp.confirmSignUp.mockRejectedValue(refusal('ExpiredCodeException'));
    idp.resendSignUpCode.mockResolvedValue({});
    const { user } = signup();
    await fill(user);
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code has expired. Ask for a new one.');
    await user.click(screen.getByRole('button', { name: 'Send the code again' }));
    expect(await screen.findByText('A new code is on its way to ivy@acme.example.')).toBeDefined();
    expect(idp.resendSignUpCode).toHaveBeenCalledWith({ username: 'ivy@acme.example' });
  });
});
