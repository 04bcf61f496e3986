import { expect, test } from '@playwright/test';
import { ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';

test.describe('export-control warning', () => {
  test.use({ storageState: ENGINEER_STATE });

  test('shows over the screen, survives Escape and backdrop clicks, and closes with OK', async ({ page }) => {
    await page.goto('/asset-life/sites/S1?showNistWarning=1');
    const dialog = page.getByRole('alertdialog', { name: 'Export-controlled technical data' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog.getByRole('button')).toHaveText(['OK']);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site S1');
  });

  test('does not show for showNistWarning=0 or false, nor without the parameter', async ({ page }) => {
    for (const search of ['?showNistWarning=0', '?showNistWarning=false', '']) {
      await page.goto(`/asset-life/sites${search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sites');
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    }
  });
});

test.describe('export-controlled screens', () => {
  test.use({ storageState: STAFF_STATE });

  test('the navigation link to Model Builder software downloads shows the warning, and OK closes it', async ({ page }) => {
    await page.goto('/model-builder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('CLP');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page
      .getByRole('navigation', { name: /sections$/ })
      .getByRole('link', { name: 'Software downloads' })
      .click();
    await expect(page).toHaveURL('/model-builder/software-downloads?showNistWarning=1');
    const dialog = page.getByRole('alertdialog', { name: 'Export-controlled technical data' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Software downloads');
  });
});
