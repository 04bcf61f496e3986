// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ForgotPasswordScreen } from './ForgotPasswordScreen.tsx';

// Amplify at the module boundary: what the identity provider answers is the test's to say.
const idp = vi.hoisted(() => ({ resetPassword: vi.fn() }));
vi.mock('aws-amplify/auth', async (original) => ({ ...(await original<typeof import('aws-amplify/auth')>()), ...idp }));

beforeEach(() => {
  vi.clearAllMocks();
  fakePlatform();
});

/** Where the reset page would be: the address and the state it was given. */
function ResetPage() {
  const location = useLocation();
  return <p data-testid="reset">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function forgot(carried?: { email: string; resetRequired: boolean }) {
  return renderInApp(
    <Routes>
      <Route path="/" element={<Navigate to="/login/forgot" state={carried} />} />
      <Route path="/login/forgot" element={<ForgotPasswordScreen />} />
      <Route path="/login/reset" element={<ResetPage />} />
    </Routes>,
  );
}

describe('ForgotPasswordScreen', () => {
  it('asks for a code for the email, then goes on to the reset page saying where it went', async () => {
    idp.resetPassword.mockResolvedValue({ nextStep: { codeDeliveryDetails: { destination: 'i***@a***' } } });
    const { user } = forgot();
    expect(screen.queryByRole('status')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ivy@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(idp.resetPassword).toHaveBeenCalledWith({ username: 'ivy@acme.example' });
    expect((await screen.findByTestId('reset')).textContent).toBe('/login/reset?email=ivy%40acme.example {"destination":"i***@a***"}');
  });

  it('says why, with the email filled in, when sign-in found the password must be reset', () => {
    forgot({ email: 'ivy@acme.example', resetRequired: true });
    expect(screen.getByRole('status').textContent).toBe('Your password must be reset before you can sign in.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ivy@acme.example');
  });

  it('says so, and stays, when the provider knows no such account', async () => {
    idp.resetPassword.mockRejectedValue(Object.assign(new Error('Username/client id combination not found.'), { name: 'UserNotFoundException' }));
    const { user } = forgot();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nobody@acme.example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No account has this email.');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeDefined();
  });
});
