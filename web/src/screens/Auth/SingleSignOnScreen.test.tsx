// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Navigate, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePlatform, TEST_CONFIG } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { SingleSignOnScreen } from './SingleSignOnScreen.tsx';

// Amplify at the module boundary: leaving for the organisation's sign-in is the test's to answer.
const flow = vi.hoisted(() => ({ signInWithRedirect: vi.fn() }));
vi.mock('../../auth/loadSignInFlow.ts', () => ({ loadSignInFlow: async () => ({ signInWithRedirect: flow.signInWithRedirect }) }));

const OAUTH = { domain: 'auth.acme.example', scopes: ['openid'], responseType: 'code' as const };

beforeEach(() => vi.clearAllMocks());

function singleSignOn(oauth: typeof OAUTH | null, at = '/login/singleSignOn') {
  fakePlatform({ serve: ({ url }) => (url.pathname === '/api/v1/config' ? { ...TEST_CONFIG, auth: { ...TEST_CONFIG.auth, oauth } } : undefined) });
  return renderInApp(
    <Routes>
      <Route path="/" element={<Navigate to={at} />} />
      <Route path="/login/singleSignOn" element={<SingleSignOnScreen />} />
    </Routes>,
  );
}

describe('SingleSignOnScreen', () => {
  it("leaves for the organisation's sign-in when asked", async () => {
    flow.signInWithRedirect.mockResolvedValue(undefined);
    const { user } = singleSignOn(OAUTH);
    await user.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    expect(flow.signInWithRedirect).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why it could not leave, and stays to try again', async () => {
    flow.signInWithRedirect.mockRejectedValue(Object.assign(new Error('A network error has occurred.'), { name: 'NetworkError' }));
    const { user } = singleSignOn(OAUTH);
    await user.click(await screen.findByRole('button', { name: 'Continue with single sign-on' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The identity provider cannot be reached. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Continue with single sign-on' })).toHaveProperty('disabled', false);
  });

  it('says single sign-on is not set up where the pool offers none, and offers no button', async () => {
    singleSignOn(null);
    expect(await screen.findByText('Single sign-on is not set up for this platform. Sign in with your email and password.')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in with email and password' })).toBeDefined();
  });

  it('says a sign-in link that was used already is stale, rather than wait for it', async () => {
    singleSignOn(OAUTH, '/login/singleSignOn?code=used-once');
    expect(screen.getByRole('status').textContent).toBe('That sign-in link has already been used or has expired. Start again.');
    expect(await screen.findByRole('button', { name: 'Continue with single sign-on' })).toBeDefined();
  });
});
