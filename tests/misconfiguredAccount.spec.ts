import { expect, test } from '@playwright/test';
import { signInWithForm } from './support/signIn.ts';

// Issue 27, decision 0047: claims as real user pools write them. An account whose custom:auth cannot
// be read gets a page that says so and whom to ask, and stays there; one with a key the platform does
// not read, nulls and a customer id in capitals signs in like any other.

const MISCONFIGURED = 'misconfigured@acme.example';
const POOL_WRITTEN = 'pat@acme.example';

test('an account whose claim cannot be read sees whom to ask, stays there over reloads, and signs out when it chooses', async ({ page }) => {
  const h1 = page.getByRole('heading', { level: 1 });
  const misconfigured = page.getByRole('heading', { level: 1, name: 'Your account is misconfigured' });
  // Every address the page goes to by itself: a forced sign-in would show up here as /login.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.goto('/login');
  await signInWithForm(page, MISCONFIGURED);
  await expect(misconfigured).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Ask your administrator');
  await expect(alert).toContainText('provider support');
  await expect(alert).toContainText('/modules');

  visited.length = 0;
  for (const address of ['/', '/asset-life', '/profile']) {
    await page.goto(address);
    await expect(misconfigured).toBeVisible();
    await page.reload();
    await expect(misconfigured).toBeVisible();
  }
  expect(visited.filter((path) => path.startsWith('/login'))).toEqual([]);
  await expect(page).toHaveURL('/profile');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(h1).toHaveText('Sign in');
  // Signing in again brings the same claim, and the same page: not a round of forced sign-ins.
  await signInWithForm(page, MISCONFIGURED);
  await expect(misconfigured).toBeVisible();
});

test('an account whose claim has an extra key, nulls and "ACME" lands on its module and sees its meta on the profile', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, POOL_WRITTEN);
  await expect(page).toHaveURL('/asset-life');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sites');

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Pat Pool' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  // The claim's "ACME" is the customer acme.
  await expect(page.getByRole('definition').filter({ hasText: /^acme$/ })).toBeVisible();
  const meta = page.getByRole('region', { name: 'From your organisation' });
  await expect(meta.getByRole('term')).toHaveText(['department', 'site']);
  await expect(meta.getByRole('definition')).toHaveText(['Maintenance', 'Plant 4']);
});
