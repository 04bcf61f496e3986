import { expect, test } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

/**
 * Read marks are the user's, on every browser (decision 0075): the account that opens the list here is
 * one no other journey opens it as, so the accessibility specs' engineer keeps their unread badge
 * whichever spec runs first, and this one always starts with all four unread.
 */
const READER = 'pat@acme.example';

// The dashboard's pieces in the top bar, for a user whom '/' takes to a landing module (issue 27).
test.describe('notifications in the top bar', () => {
  test('the Notifications entry names the unread count and opens the list, after which none is unread', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, READER);
    await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
    const account = page.getByRole('navigation', { name: 'Account' });
    const entry = account.getByRole('link', { name: /^Notifications/ });
    // Acme's four demo notifications (config-service/src/local/mainBackend/demoData.ts), all unread.
    await expect(entry).toHaveAccessibleName('Notifications, 4 unread');

    await entry.click();
    await expect(page).toHaveURL('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await expect(page.getByRole('main').getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(4);
    await expect(entry).toHaveAccessibleName('Notifications');
    // Read stays read.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await expect(account.getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
  });
});

test.describe('the dashboard in the top bar', () => {
  test.use({ storageState: ENGINEER_STATE });

  test('the Dashboard entry reaches the welcome page and its FlexCM panel, though the user has a landing module', async ({ page }) => {
    await page.goto('/asset-life');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Erin');
    await expect(page.getByRole('region', { name: 'FlexCM access' })).toContainText(/Active since|Not enabled/);
    // Reloading the chosen dashboard keeps it; '/' opened any other way still goes on to the landing page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Erin');
    await page.getByRole('banner').getByRole('link', { name: 'AssetTwin' }).click();
    await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
  });
});
