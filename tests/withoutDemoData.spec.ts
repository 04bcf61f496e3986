import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import type { CustomerList } from '@platform/schemas';
import { openDatabase } from '../config-service/src/store/openDatabase.ts';
import { startService, type ServiceProcess } from '../config-service/src/testing/serviceProcess.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signedInAt } from './support/signIn.ts';

// The platform as production starts it: SEED_DEMO_DATA=false, so no demo customer (acme and globex are not
// added). The local identity provider still holds its demo accounts: without it nobody could sign in, and
// SEED_DEMO_DATA is about customers only. A platform of its own, started here rather than as a second
// webServer, so only this file pays for it, while the other worker runs other specs.
//
// Its store already holds an operator's book of 5,000 customers, written in one statement to the schema the
// service migrates to before it starts (as an import from a previous system would): adding them one by one
// through the API or the browser would take minutes and prove nothing the single addition below does not.

const BOOK = 5_000;
let platform: ServiceProcess;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = mkdtempSync(join(process.env.E2E_DATA_DIR ?? tmpdir(), 'without-demo-data-'));
  const db = await openDatabase({ databaseUrl: undefined, dataDir });
  await db.query(`insert into customers (id, name) select 'p' || lpad(i::text, 4, '0'), 'Plant ' || lpad(i::text, 4, '0') from generate_series(1, ${BOOK}) i`);
  await db.close();
  platform = await startService({ dataDir, env: { SEED_DEMO_DATA: 'false', WEB_DIST: join(import.meta.dirname, '..', 'web', 'dist') } });
});
test.afterAll(async () => {
  await platform?.stop();
});

const signedIn = (browser: Browser, email: string) => signedInAt(browser, platform.base, email);

test('an operator adds the first customer in the browser, switches one of its modules off, and its user loses it', async ({ browser }) => {
  // A user of acme, signed in before acme is a customer: the modules' defaults apply.
  const engineer = await signedIn(browser, ACCOUNTS.engineer.email);
  await expect(engineer).toHaveURL(ACCOUNTS.engineer.landing);
  const sidebar = engineer.getByRole('navigation', { name: 'Modules' });
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toBeVisible();

  const staff = await signedIn(browser, ACCOUNTS.staff.email);
  await staff.goto('/settings/customers');
  // No demo customer: acme is only a name in users' claims.
  const list = staff.getByRole('navigation', { name: 'Customers' });
  await list.getByLabel('Search customers').fill('acme');
  await expect(list.getByRole('button', { name: /acme/i })).toHaveCount(0);
  const unadded = staff.getByRole('region', { name: 'In users’ claims, not added yet' });
  await expect(unadded.getByRole('listitem').filter({ hasText: 'acme' })).toBeVisible();

  const form = staff.getByRole('region', { name: 'Add a customer' });
  await form.getByLabel('Customer id').fill('acme');
  await form.getByLabel('Name', { exact: true }).fill('Acme Industrial');
  await form.getByLabel('Reason for adding it').fill('e2e: first customer in production');
  await form.getByRole('button', { name: 'Add the customer' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Acme Industrial added' })).toBeVisible();
  await expect(unadded.getByRole('listitem').filter({ hasText: 'acme' })).toHaveCount(0);

  await list.getByLabel('Search customers').fill('acme');
  await list.getByRole('button', { name: /^Acme Industrial/ }).click();
  await expect(staff.getByRole('heading', { name: 'Modules for Acme Industrial' })).toBeVisible();
  await staff.getByLabel('Reason for the change').fill('e2e: not licensed');
  await staff.getByRole('switch', { name: /Life Cycle Cost/ }).click();
  await expect(staff.getByText('Life Cycle Cost switched off for Acme Industrial')).toBeVisible();

  // The engineer did nothing: the open page follows.
  await expect(sidebar.getByRole('link', { name: 'Life Cycle Cost' })).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Asset Life' })).toBeVisible();
});

test('among 5,000 customers the staff switcher finds one by typing, and never loads them all', async ({ browser }) => {
  const staff = await signedIn(browser, ACCOUNTS.staff.email);
  // Every list of customers the page asks for from here on, as the service answered it.
  const pages: CustomerList[] = [];
  staff.on('response', async (response) => {
    if (new URL(response.url()).pathname === '/api/v1/customers' && response.ok()) pages.push((await response.json()) as CustomerList);
  });

  const switcher = staff.getByRole('banner').getByRole('combobox', { name: 'Customer' });
  await switcher.click();
  await expect(staff.getByText('The first 20 matches: type more of the name or id to find others.')).toBeVisible();
  await switcher.fill('plant 4321');
  await staff.getByRole('option', { name: 'Plant 4321 (p4321)' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'Acting for Plant 4321' })).toBeVisible();

  expect(pages.length).toBeGreaterThan(0);
  for (const page of pages) expect(page.customers.length).toBeLessThanOrEqual(20);
  expect(pages.reduce((sum, page) => sum + page.customers.length, 0)).toBeLessThan(BOOK / 10);
  // The first answer was a page with more behind it, not the book.
  expect(pages[0]?.nextCursor).not.toBeNull();
});
