// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { AppFrame } from './AppFrame.tsx';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };

function renderFrame() {
  fakePlatform({ user: ENGINEER });
  return renderInApp(
    <Routes>
      <Route element={<AppFrame />}>
        <Route
          path="/"
          element={
            <>
              <h1>Sites</h1>
              <button type="button">Add a site</button>
            </>
          }
        />
      </Route>
    </Routes>,
  );
}

describe('AppFrame', () => {
  it('gives a screen reader a banner, the module and account navigation, and the main content', async () => {
    renderFrame();
    expect(screen.getByRole('banner')).toBeDefined();
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(await within(modules).findByRole('link', { name: 'Asset management' })).toBeDefined();
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign out' })).toBeDefined();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1, name: 'Sites' })).toBeDefined();
  });

  it('makes the skip link the first Tab stop, and following it puts focus on the main content', async () => {
    const { user } = renderFrame();
    await screen.findByRole('link', { name: 'Asset management' });

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));

    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    // The next stop is inside the screen, past the whole chrome.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a site' }));
  });
});
