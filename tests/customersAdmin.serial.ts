import { expect, test } from '@playwright/test';
import { ACCOUNTS, STAFF_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// Runs after every other spec (project "after-specs" in playwright.config.ts): it adds a customer for
// good. initech is one the demo data does not add, as every customer is with SEED_DEMO_DATA=false;
// withoutDemoData.spec.ts runs the same on a platform started so (and withoutDemoData.test.ts through the API).

test('an operator adds the customer a user’s claims name, renames it, switches a module off, and that user loses it', async ({ browser }) => {
  // A user of initech, signed in before anyone added initech: the modules' defaults apply.
  const planner = await (await browser.newContext()).newPage();
  await planner.goto('/login');
  await signInWithForm(planner, ACCOUNTS.planner.email);
  await expect(planner).toHaveURL(new RegExp(`${ACCOUNTS.planner.landing}$`));
  const sidebar = planner.getByRole('navigation', { name: 'Modules' });
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible();

  const staff = await (await browser.newContext({ storageState: STAFF_STATE })).newPage();
  await staff.goto('/settings/customers');
  const unadded = staff.getByRole('region', { name: 'In users’ claims, not added yet' });
  await expect(unadded.getByRole('listitem').filter({ hasText: 'initech' })).toContainText('(1 user)');

  // One click, once a reason is given.
  await unadded.getByRole('button', { name: 'Add initech' }).click();
  await expect(staff.getByText('Say why, before adding initech')).toBeVisible();
  await unadded.getByLabel('Reason for adding them').fill('e2e: its planner signs in');
  await unadded.getByRole('button', { name: 'Add initech' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'initech added' })).toBeVisible();
  await expect(unadded.getByRole('button', { name: 'Add initech' })).toHaveCount(0);
  await expect(staff.getByRole('heading', { name: 'Modules for initech' })).toBeVisible();

  const naming = staff.getByRole('region', { name: 'Name of initech' });
  await naming.getByLabel('Name', { exact: true }).fill('Initech Rail');
  await naming.getByLabel('Reason for renaming').fill('e2e: its real name');
  await naming.getByRole('button', { name: 'Rename' }).click();
  await expect(staff.getByRole('heading', { name: 'Modules for Initech Rail' })).toBeVisible();

  await staff.getByLabel('Reason for the change').fill('e2e: not licensed');
  await staff.getByRole('switch', { name: /Life Cycle Cost/ }).click();
  await expect(staff.getByText('Life Cycle Cost switched off for Initech Rail')).toBeVisible();

  // The planner did nothing: the open page follows.
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toHaveCount(0, { timeout: 10_000 });
  await expect(sidebar.getByRole('link', { name: 'Model Runtime' })).toBeVisible();

  const history = staff.getByRole('table', { name: 'Change history of Initech Rail' }).locator('tbody tr');
  await expect(history.nth(0)).toContainText('e2e: not licensed');
  await expect(history.nth(1)).toContainText('renamed from initech to Initech Rail');
  await expect(history.nth(2)).toContainText('added as initech');
  await expect(history.nth(2)).toContainText('staff@demo.local');

  // Found by a part of its name, in the list and in the switcher.
  const list = staff.getByRole('navigation', { name: 'Customers' });
  await list.getByLabel('Search customers').fill('rail');
  await expect(list.getByRole('button')).toHaveText([/^Initech Rail/]);
  const switcher = staff.getByRole('banner').getByRole('combobox', { name: 'Customer' });
  await switcher.fill('initech');
  await staff.getByRole('option', { name: 'Initech Rail (initech)' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Acting for Initech Rail' })).toBeVisible();
});

test('an id that is taken is refused and nothing changes', async ({ browser }) => {
  const staff = await (await browser.newContext({ storageState: STAFF_STATE })).newPage();
  await staff.goto('/settings/customers');
  const form = staff.getByRole('region', { name: 'Add a customer' });
  await form.getByLabel('Customer id').fill('acme');
  await form.getByLabel('Name', { exact: true }).fill('Another Acme');
  await form.getByLabel('Reason for adding it').fill('e2e: a mistake');
  await form.getByRole('button', { name: 'Add the customer' }).click();
  await expect(staff.getByText('A customer with the id acme exists already (Acme Industrial)')).toBeVisible();
  await expect(staff.getByRole('navigation', { name: 'Customers' }).getByRole('button', { name: /Another Acme/ })).toHaveCount(0);
});
