import { expect, type Page, test } from '@playwright/test';
import { STAFF_STATE } from './support/accounts.ts';
import { controlsCoveredBy } from './support/covered.ts';

// A toast stays 5 s; it must not sit over the fields the user is working in meanwhile (issue 35: at
// the bottom right it covered Settings → Customers' "Reason for the change").
test.describe('toasts, shown while a form is on screen', () => {
  test.use({ storageState: STAFF_STATE });

  const toast = (page: Page) => page.getByRole('status').filter({ hasText: 'Acting for Acme Industrial' });

  // 800 px high, "Reason for the change" of the customer's modules comes to the window's bottom right.
  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    test(`cover none of the forms’ fields and buttons at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/settings/customers');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
      if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('combobox', { name: 'Customer' }).fill('acme');
      await page.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
      await expect(toast(page)).toBeVisible();
      // With the menu folded again, the narrow screen's content is the whole width under the toast.
      if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Modules for Acme Industrial' })).toBeVisible();
      await expect(toast(page)).toBeVisible();
      // The whole bubble, not only its text.
      expect(await controlsCoveredBy(toast(page).locator('..'))).toEqual([]);
    });
  }
});
