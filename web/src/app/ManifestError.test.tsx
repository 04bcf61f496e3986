// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakePlatform, TEST_CONFIG, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { AppRoutes } from './AppRoutes.tsx';

const ERIN: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };

describe('a navigation that keeps failing', () => {
  it('offers a way out besides trying again: signing out', async () => {
    fakePlatform({ user: ERIN, manifestStatus: 503 });
    const { user } = renderInApp(
      <Routes>
        <Route path="/logout" element={<h1>Signing out</h1>} />
        <Route path="*" element={<AppRoutes config={TEST_CONFIG} />} />
      </Routes>,
    );
    const page = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(within(page).getByRole('heading', { level: 1, name: 'Your navigation could not be loaded' })).toBeDefined();
    expect(within(page).getByRole('button', { name: 'Try again' })).toBeDefined();
    await user.click(within(page).getByRole('link', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing out' })).toBeDefined();
  });
});
