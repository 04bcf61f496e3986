import { expect, test, type Browser, type Page } from '@playwright/test';
import { ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';

// Runs after every other spec (project "after-specs" in playwright.config.ts): it switches modules off
// for acme, which the other specs' acme users must not feel.

async function staffOnCustomers(browser: Browser, options: { deaf?: boolean } = {}): Promise<Page> {
  const page = await (await browser.newContext({ storageState: STAFF_STATE })).newPage();
  // A page that does not hear the service's events: as when two operators click within the same moment.
  if (options.deaf) await page.route('**/api/v1/events', (route) => route.abort());
  await page.goto('/settings/customers');
  await expect(page.getByRole('heading', { name: 'Modules for Acme Industrial' })).toBeVisible();
  return page;
}

async function flip(page: Page, module: RegExp, reason: string) {
  await page.getByLabel('Reason for the change').fill(reason);
  await page.getByRole('switch', { name: module }).click();
}

test('an operator switches a module off for acme: it vanishes from an acme user’s open page, and comes back', async ({ browser }) => {
  const engineer = await (await browser.newContext({ storageState: ENGINEER_STATE })).newPage();
  await engineer.goto('/life-cost');
  const sidebar = engineer.getByRole('navigation', { name: 'Modules' });
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible();

  const staff = await staffOnCustomers(browser);
  const lcc = staff.getByRole('switch', { name: /Life Cycle Cost/ });
  await expect(lcc).toBeChecked();

  // Without a reason nothing is sent.
  await staff.getByRole('switch', { name: /Life Cycle Cost/ }).click();
  await expect(staff.getByText('Say why, before switching a module')).toBeVisible();
  await expect(lcc).toBeChecked();

  await flip(staff, /Life Cycle Cost/, 'contract ended');
  await expect(staff.getByText('Life Cycle Cost switched off for Acme Industrial')).toBeVisible();
  await expect(lcc).not.toBeChecked();
  // The keyboard's place is kept: focus stays on the switch through the save and the refetch.
  await expect(lcc).toBeFocused();
  const history = staff.getByRole('table', { name: 'Change history of Acme Industrial' });
  await expect(history.locator('tbody tr').first()).toContainText('contract ended');
  await expect(history.locator('tbody tr').first()).toContainText('staff@demo.local');

  // The engineer did nothing: the open page follows, leaving the module it was on for the landing page.
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toHaveCount(0, { timeout: 10_000 });
  await expect(engineer).toHaveURL(/\/asset-life$/);
  // A direct visit to the switched-off module goes to '/' (and on to the landing page).
  await engineer.goto('/life-cost/projects/p1');
  await expect(engineer).toHaveURL(/\/asset-life$/);

  await flip(staff, /Life Cycle Cost/, 'contract renewed');
  await expect(lcc).toBeChecked();
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible({ timeout: 10_000 });
});

test('another operator’s change shows on an open customers page by itself', async ({ browser }) => {
  const watching = await staffOnCustomers(browser);
  const acting = await staffOnCustomers(browser);
  await flip(acting, /Mapping/, 'migration weekend');
  await expect(watching.getByRole('switch', { name: /Mapping/ })).not.toBeChecked({ timeout: 10_000 });
  await expect(watching.getByRole('table', { name: 'Change history of Acme Industrial' }).locator('tbody tr').first()).toContainText('migration weekend');
  await flip(acting, /Mapping/, 'migration done');
  await expect(watching.getByRole('switch', { name: /Mapping/ })).toBeChecked({ timeout: 10_000 });
});

test('a switch changed by someone else meanwhile is not overwritten: the operator is told', async ({ browser }) => {
  const first = await staffOnCustomers(browser, { deaf: true });
  const second = await staffOnCustomers(browser);
  await flip(second, /Leaderboard/, 'pilot paused');
  await expect(second.getByRole('switch', { name: /Leaderboard/ })).not.toBeChecked();

  // The first page still shows it on, from before; its change would undo the other one unseen.
  await flip(first, /Leaderboard/, 'tidy up');
  await expect(first.getByText(/Someone else changed Leaderboard for Acme Industrial meanwhile: it is now off/)).toBeVisible();
  await expect(first.getByRole('switch', { name: /Leaderboard/ })).not.toBeChecked();
  await expect(first.getByRole('table', { name: 'Change history of Acme Industrial' }).locator('tbody tr').first()).toContainText('pilot paused');

  await flip(first, /Leaderboard/, 'pilot resumed');
  await expect(first.getByRole('switch', { name: /Leaderboard/ })).toBeChecked();
});
