// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModuleView, NotificationList } from '@platform/schemas';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { AppFrame } from './AppFrame.tsx';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };

const note = (id: string, at: string): NotificationList['notifications'][number] => ({ id, at, severity: 'info', title: id, body: '', siteGroupId: 'north' });
const NOTIFICATIONS = [note('n3', '2026-11-21T04:00:00.000Z'), note('n2', '2026-11-20T04:00:00.000Z'), note('n1', '2026-11-19T04:00:00.000Z')];

function renderFrame(options: { mfaPending?: boolean; modules?: ModuleView[] } = {}) {
  const platform = fakePlatform({
    user: ENGINEER,
    siteGroups: { acme: [{ id: 'north', name: 'North', sites: [] }] },
    notifications: { acme: NOTIFICATIONS },
    ...options,
  });
  return Object.assign(
    platform,
    renderInApp(
      <Routes>
        <Route element={<AppFrame />}>
          <Route
            path="/"
            element={
              <>
                <h1>Sites</h1>
                <button type="button">Add a site</button>
                <Link to="/plans">Plans</Link>
              </>
            }
          />
          <Route
            path="/plans"
            element={
              <>
                <h1>Plans</h1>
                <Link to="/">Back to sites</Link>
              </>
            }
          />
        </Route>
      </Routes>,
    ),
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

  it('while MFA is pending, offers the profile and sign-out only, and asks the service for nothing it would refuse', async () => {
    const platform = renderFrame({ mfaPending: true });
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(await within(account).findByRole('link', { name: 'Erin Engineer' })).toBeDefined();
    expect(within(account).getByRole('link', { name: 'Sign out' })).toBeDefined();
    expect(within(account).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(within(account).queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(within(account).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: 'Modules' })).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByText(/Site groups/)).toBeNull();
    expect(platform.requestsTo('/api/v1/manifest').length).toBeGreaterThan(0);
    expect(platform.requestsTo('/api/v1/events')).toEqual([]);
    expect(platform.requestsTo('/api/main/customers/acme/sitegroups')).toEqual([]);
    expect(platform.requestsTo('/api/main/customers/acme/notifications')).toEqual([]);
  });

  it('says "No modules" under the Modules heading to a user who has none, rather than leave it empty', async () => {
    renderFrame({ modules: [] });
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(await within(modules).findByText('No modules')).toBeDefined();
    expect(within(modules).queryAllByRole('link')).toEqual([]);
  });

  it('shows Settings and the site groups once MFA is not pending (so the test above can fail)', async () => {
    renderFrame();
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeDefined();
    expect(await screen.findByText(/Site groups/)).toBeDefined();
  });

  it('names the Notifications entry with the count of those not yet seen, and offers the Dashboard', async () => {
    renderFrame();
    const account = screen.getByRole('navigation', { name: 'Account' });
    const notifications = await within(account).findByRole('link', { name: 'Notifications, 3 unread' });
    expect(notifications.getAttribute('href')).toBe('/notifications');
    expect(within(account).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/');
  });

  it('folds the narrow-screen menu once the user moves to another page, and keeps it folded on coming back', async () => {
    const { user } = renderFrame();
    const menu = screen.getByRole('button', { name: 'Menu' });
    await user.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    await user.click(screen.getByRole('link', { name: 'Plans' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeDefined();
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    await user.click(screen.getByRole('link', { name: 'Back to sites' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sites' })).toBeDefined();
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});
