// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakePlatform, TEST_CONFIG, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { AppRoutes } from './AppRoutes.tsx';

const MO: TestUser = { sub: 'u-mo', email: 'mo@acme.test', givenName: 'Mo', familyName: 'Misconfigured', role: 'customer', customerId: 'acme' };

/** The app's routes for a user whose claim the service cannot read, and a stand-in for /logout to see the sign-out arrive. */
function renderApp() {
  const platform = fakePlatform({ user: MO, misconfigured: true });
  const view = renderInApp(
    <Routes>
      <Route path="/logout" element={<h1>Signing out</h1>} />
      <Route path="*" element={<AppRoutes config={TEST_CONFIG} />} />
    </Routes>,
  );
  return { ...platform, ...view };
}

describe('a misconfigured account', () => {
  it("says so, whom to ask and what the service found, instead of the navigation's generic error", async () => {
    const { requestsTo } = renderApp();
    const page = await screen.findByRole('alert');
    expect(within(page).getByRole('heading', { level: 1, name: 'Your account is misconfigured' })).toBeDefined();
    expect(page.textContent).toContain('Ask your administrator');
    expect(page.textContent).toContain('provider support');
    expect(page.textContent).toContain('/modules must be array,null');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // Asked once: no retry, and no forced sign-in that would ask again after signing back in.
    expect(requestsTo('/api/v1/manifest')).toHaveLength(1);
  });

  it('signs out only when the user asks to', async () => {
    const { user } = renderApp();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing out' })).toBeDefined();
  });
});
