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

test('an administrator edit to a manifest reaches a signed-in user without restart; a broken edit changes nothing', async ({ page }) => {
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
});
