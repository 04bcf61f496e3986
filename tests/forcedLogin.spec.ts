import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

test.describe('forced login', () => {
  test('a session the service refuses goes to /login and back to the same address after sign-in', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    // Break the stored ID token's signature: the browser still thinks it is signed in, the service does not.
    // Done on a page of our origin where the app does not run: the open app would otherwise find the
    // broken token itself (its next call is refused) and leave for /login while the test navigates.
    await page.goto('/api/v1/config');
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
      if (!key) throw new Error('no ID token in storage');
      const [header, payload] = (localStorage.getItem(key) ?? '').split('.');
      localStorage.setItem(key, `${header}.${payload}.AAAA`);
    });
    await page.goto('/asset-life/sites/S7?tab=notes');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('status')).toContainText('Not Authenticated');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'platform_redirect');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe('/asset-life/sites/S7?tab=notes');

    await signInWithForm(page, ACCOUNTS.engineer.email);
    await expect(page).toHaveURL('/asset-life/sites/S7?tab=notes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site S7');
    // Cleared once the arrival has rendered, a moment after the screen shows.
    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'platform_redirect')).toBeUndefined();
  });

  // A backend rejecting the token is stood in for by answering that one request 401 in the browser: the
  // stand-in backend accepts every token the service does.
  const uploads = '**/api/main/customers/acme/uploads**';
  const refuse = { status: 401, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Unauthorized', status: 401 }) };

  test('a backend call answered 401 goes to /login and back to the same page after signing in again', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await page.route(uploads, (route) => route.fulfill(refuse), { times: 1 });
    await page.goto('/settings/uploads');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('status')).toHaveText(/^Not Authenticated/);

    await signInWithForm(page, ACCOUNTS.engineer.email);
    await expect(page).toHaveURL('/settings/uploads');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uploads');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('a backend that still answers 401 after signing in again is reported, not gone round again', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await page.route(uploads, (route) => route.fulfill(refuse));
    await page.goto('/settings/uploads');
    await expect(page).toHaveURL('/login');

    await signInWithForm(page, ACCOUNTS.engineer.email);
    await expect(page).toHaveURL('/settings/uploads');
    await expect(page.getByRole('alert')).toContainText('Cannot load the uploads');
    await expect(page).toHaveURL('/settings/uploads');
  });
});
