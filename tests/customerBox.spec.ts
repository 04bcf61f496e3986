import { expect, type Page, test } from '@playwright/test';
import { STAFF_STATE } from './support/accounts.ts';

// The top bar's Customer box asks the service as typing pauses; keys pressed before the answer for
// what the box holds has come must wait for it, never act on the previous answer's suggestions
// (issue 35: typing "glo" and pressing ArrowDown+Enter chose Acme Industrial, Enter alone "All customers").
test.describe('the top bar’s Customer box, typed into at a steady pace', () => {
  test.use({ storageState: STAFF_STATE });

  /** Opens the box on all customers' suggestions, then types "glo" at 120 ms a key and waits 60 ms. */
  async function typeGlo(page: Page) {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Customer' });
    await box.click();
    const suggestions = page.getByRole('listbox', { name: 'Customer suggestions' });
    await expect(suggestions.getByRole('option', { name: 'Acme Industrial (acme)' })).toBeVisible();
    await page.keyboard.type('glo', { delay: 120 });
    // Keys a person presses a moment after the last letter, before the answer for "glo" is in.
    await page.waitForTimeout(60);
    return box;
  }

  /** What the box ended up acting for, from the toast every choice shows. */
  const acting = (page: Page) => page.getByRole('status').filter({ hasText: /Acting for|No customer selected/ });

  test('ArrowDown and Enter a moment after "glo" choose Globex, not the previous suggestions’ Acme', async ({ page }) => {
    const box = await typeGlo(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(acting(page)).toHaveText('Acting for Globex Energy');
    await expect(box).toHaveValue('Globex Energy');
  });

  test('Enter alone a moment after "glo" chooses Globex, never all customers', async ({ page }) => {
    const box = await typeGlo(page);
    await page.keyboard.press('Enter');
    await expect(acting(page)).toHaveText('Acting for Globex Energy');
    await expect(box).toHaveValue('Globex Energy');
  });
});
