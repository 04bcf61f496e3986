import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { STAFF_STATE } from './support/accounts.ts';

// The platform under test serves this copy of route-manifests/ (see playwright.config.ts).
const file = join(process.env.E2E_MANIFESTS_DIR ?? '', 'lb.json');
const original = readFileSync(file, 'utf8');
const withName = (name: string) => JSON.stringify({ ...JSON.parse(original), name }, null, 2);

/** What a person does to see changes: come back to the window (the app refetches when the page becomes visible again). */
async function returnToWindow(page: Page) {
  await page.waitForTimeout(5_500); // the manifest is fresh for 5 s; after that focus refetches it
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
}

test.use({ storageState: STAFF_STATE });
test.afterAll(() => writeFileSync(file, original));

test('an administrator edit to a manifest reaches a signed-in user without restart; a broken edit changes nothing and is reported', async ({ page }) => {
  await page.goto('/leaderboard');
  const modules = page.getByRole('navigation', { name: 'Modules' });
  await expect(modules.getByRole('link', { name: 'Leaderboard', exact: true })).toBeVisible();
  const address = page.url();

  writeFileSync(file, withName('Leaders of the month'));
  await returnToWindow(page);
  await expect(modules.getByRole('link', { name: 'Leaders of the month' })).toBeVisible();
  // The router was rebuilt in place: same address, same screen.
  expect(page.url()).toBe(address);
  await expect(modules.getByRole('link', { name: 'Leaders of the month' })).toHaveClass(/active/);

  // A broken edit: the last good set stays in service.
  writeFileSync(file, '{ "key": "lb", "name": ');
  await returnToWindow(page);
  await page.reload();
  await expect(modules.getByRole('link', { name: 'Leaders of the month' })).toBeVisible();
  expect(page.url()).toBe(address);

  // The administrator sees the refused edit, where it is wrong, and that users still get the last good set.
  await page.goto('/settings/modules');
  const refused = page.getByRole('alert');
  await expect(refused).toContainText('The last edit was refused');
  await expect(refused).toContainText(/lb\.json:1:\d+/);
  const lb = page.getByRole('region', { name: 'Modules and exposure' }).locator('tr[data-module="lb"]');
  await expect(lb).toContainText('Leaders of the month');
  await expect(lb).toContainText('edit refused');

  // Fixing the file clears the report on the open page (it polls) and serves the fix.
  writeFileSync(file, original);
  await expect(page.getByText('No refused edit on disk.')).toBeVisible({ timeout: 15_000 });
  await expect(lb).toContainText('Leaderboard');
  await expect(lb).toContainText('valid');

  // "View as user" compares versions: what staff saw in the renamed version against what they get now.
  const view = page.getByRole('region', { name: 'View as user' });
  await view.getByLabel('Role').fill('sentient');
  await view.getByLabel('No list: every module (staff)').check();
  const earlier = view.getByLabel('Compare with').locator('option', { hasText: 'Manifest version' }).first();
  await view.getByLabel('Compare with').selectOption((await earlier.getAttribute('value')) ?? '');
  await view.getByRole('button', { name: 'Preview' }).click();
  await expect(view.getByRole('region', { name: 'Changes' })).toContainText('Module renamed: Leaders of the month → Leaderboard');
});
