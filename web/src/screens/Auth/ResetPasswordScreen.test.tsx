// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ResetPasswordScreen } from './ResetPasswordScreen.tsx';

// Amplify at the module boundary: what the identity provider answers is the test's to say.
const idp = vi.hoisted(() => ({ confirmResetPassword: vi.fn() }));
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<typeof import('aws-amplify/auth')>()), ...idp }));

beforeEach(() => {
  vi.clearAllMocks();
  fakePlatform();
});

function reset() {
  return renderInApp(
    <Routes>
      <Route path="/" element={<Navigate to="/login/reset?email=ivy%40acme.example" state={{ destination: 'i***@a***' }} />} />
      <Route path="/login/reset" element={<ResetPasswordScreen />} />
      <Route path="/login" element={<h1>Sign in</h1>} />
    </Routes>,
  );
}

async function fill(user: ReturnType<typeof reset>['user'], confirm = 'Chosen-Passw0rd!') {
  await user.type(screen.getByRole('textbox', { name: 'Code' }), '123456');
  await user.type(screen.getByLabelText('New password'), 'Chosen-Passw0rd!');
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordScreen', () => {
  it('says where the code went, sets the new password with it, and goes to sign in', async () => {
    idp.confirmResetPassword.mockResolvedValue(undefined);
    const { user } = reset();
    expect(screen.getByText('We sent a code to i***@a***.')).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ivy@acme.example');
    await fill(user);
    expect(idp.confirmResetPassword).toHaveBeenCalledWith({ username: 'ivy@acme.example', confirmationCode: '123456', newPassword: 'Chosen-Passw0rd!' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByText('Your password has been changed. Sign in with the new one.')).toBeDefined();
  });

  it('asks the provider nothing for passwords that differ', async () => {
    const { user } = reset();
    await fill(user, 'Chosen-Passw0rd?');
    expect(screen.getByRole('alert').textContent).toBe('The two passwords differ.');
    expect(idp.confirmResetPassword).not.toHaveBeenCalled();
  });

  it('says a wrong code is wrong, and stays to take another', async () => {
    idp.confirmResetPassword.mockRejectedValue(Object.assign(new Error('Invalid verification code provided'), { name: 'CodeMismatchException' }));
    const { user } = reset();
    await fill(user);
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right. Check it and try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeDefined();
  });
});
