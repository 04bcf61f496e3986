import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// Issue 35, point 7: the first screen offers what the platform knows, takes the customer in context,
// and a link to a module the user may not open says why it did not.

const shots = process.env.E2E_SCREENSHOTS_DIR;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('landing screens', () => {
  test('staff who chose a customer land on CLP with its jobs open to them, never asked for the customer', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.staff.email);
    const switcher = page.getByRole('combobox', { name: 'Customer' });
    await switcher.fill('acme');
    await page.getByRole('listbox', { name: 'Customer suggestions' }).getByRole('option', { name: 'Acme Industrial (acme)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acting for Acme Industrial' })).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(ACCOUNTS.staff.landing);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCOUNTS.staff.h1);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'New job for acme' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Customer id' })).toHaveCount(0);
    await shoot(page, 'landing-staff');

    const form = main.getByRole('form', { name: 'Open Job …' });
    await form.getByRole('textbox', { name: 'Job id' }).fill('J9');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL('/model-builder/clp/acme/jobs/J9');
    // Back on CLP, the job just opened is offered again.
    await page.goBack();
    await expect(main.getByRole('list', { name: 'Opened lately' }).getByRole('link', { name: 'Job J9' })).toBeVisible();
  });

  test.describe('as a customer user', () => {
    test.use({ storageState: ENGINEER_STATE });

    test("land on Sites with their customer's sites to open", async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
      const sites = page.getByRole('main').getByRole('list', { name: 'Sites you can open' });
      await expect(sites.getByRole('link', { name: 'Brent Alpha (brent-alpha)' })).toBeVisible();
      await expect(page.getByRole('main').getByRole('textbox', { name: 'Customer id' })).toHaveCount(0);
      await shoot(page, 'landing-engineer');
      await sites.getByRole('link', { name: 'Brent Alpha (brent-alpha)' }).click();
      await expect(page).toHaveURL('/asset-life/sites/brent-alpha');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site brent-alpha');
    });

    test('a link to a module they may not open lands them where they start, saying why', async ({ page }) => {
      await page.goto('/coredata/events?x=1');
      await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCOUNTS.engineer.h1);
      await expect(page.getByRole('main').getByRole('status').filter({ hasText: "don't have access" })).toHaveText(
        "You don't have access to CoreData (/coredata/events). Ask your administrator.",
      );
      await shoot(page, 'landing-denied');
      // Gone once the user moves on.
      await page.getByRole('main').getByRole('list', { name: 'Sites you can open' }).getByRole('link').first().click();
      await expect(page.getByText("You don't have access")).toHaveCount(0);
    });
  });
});
