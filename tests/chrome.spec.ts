import { expect, test } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

test.describe('application chrome', () => {
  test('staff choose a customer: kept in localStorage, sent to the service, confirmed by a toast', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.staff.email);
    const switcher = page.getByRole('combobox', { name: 'Customer' });
    await switcher.click();
    const suggestions = page.getByRole('listbox', { name: 'Customer suggestions' });
    await expect(suggestions.getByRole('option').first()).toHaveText('All customers');
    await expect(suggestions.getByRole('option', { name: 'Acme Industrial (acme)' })).toBeVisible();
    await switcher.fill('acme');
    await suggestions.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acting for Acme Industrial' })).toBeVisible();

    await page.goto('/profile');
    await expect(page.getByRole('definition').filter({ hasText: 'acme' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme Industrial');

    // The choice is staff's only: a customer user signing in on this browser loses it.
    await page.goto('/logout');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveCount(0);
    // Forgotten once the app knows who signed in: a moment after the form is gone, not at once.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('platform.selectedCustomerId'))).toBeNull();
  });
});

test.describe('application chrome, for a customer user', () => {
  test.use({ storageState: ENGINEER_STATE });

  test('the current module has its own section navigation', async ({ page }) => {
    await page.goto('/');
    const sections = page.getByRole('navigation', { name: 'Asset Life sections' });
    await expect(sections.getByRole('link')).toHaveText(['Sites', 'Exports', 'Imports']);
    await sections.getByRole('link', { name: 'Exports' }).click();
    await expect(page).toHaveURL('/asset-life/exports');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exports');
  });

  test('Life Cycle Cost offers a signed-in user no second sign-in: its login page is the account link', async ({ page }) => {
    await page.goto('/life-cost');
    const sections = page.getByRole('navigation', { name: 'Life Cycle Cost sections' });
    await expect(sections.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible();
    await expect(sections.getByRole('link', { name: /sign.?in|log.?in/i })).toHaveCount(0);
    await sections.getByRole('link', { name: 'Account link' }).click();
    await expect(page).toHaveURL('/life-cost/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account link');
  });

  test('under 767 px the navigation folds behind a menu button and stays usable', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    const modules = page.getByRole('navigation', { name: 'Modules' });
    await expect(modules).toBeHidden();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await modules.getByRole('link', { name: 'Life Cycle Cost' }).click();
    await expect(page).toHaveURL('/life-cost');
    await expect(modules).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Life Cycle Cost');
  });

  test('a failed manifest fetch shows an error with a retry, never a blank page', async ({ page }) => {
    await page.route('**/api/v1/manifest', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503, code: 'CFG_ERR_INTERNAL' }),
      }),
    );
    await page.goto('/asset-life/sites');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your navigation could not be loaded');
    await page.unroute('**/api/v1/manifest');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sites');
  });
});
