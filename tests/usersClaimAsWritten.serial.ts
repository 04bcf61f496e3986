import { expect, test, type Page } from '@playwright/test';
import { STAFF_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// Issue 37 (decision 0082): pat@acme.example's claim is written as a real pool writes it ("ACME", ["HS"],
// a key the platform does not read). Settings → Users shows it as the platform reads it, and a change
// of the given name keeps Asset Life. dashboardChrome.spec.ts and misconfiguredAccount.spec.ts sign in
// as pat and show pat's name, so this runs after every spec (a .serial.ts file), and puts the name back.
const PAT = 'pat@acme.example';

/** Opens pat's form in Settings → Users, changes the given name with a reason, and saves. */
async function renamePat(page: Page, from: string, to: string) {
  const row = page.getByRole('table', { name: 'Acme Industrial' }).getByRole('row', { name: new RegExp(PAT) });
  await row.getByRole('button', { name: `Edit ${from} Pool` }).click();
  const form = page.getByRole('form', { name: `Change ${from} Pool` });
  await expect(form.getByRole('checkbox', { name: 'Asset Life' })).toBeChecked();
  await form.getByLabel('Given name').fill(to);
  await form.getByLabel('Reason').fill(`e2e: ${from} is ${to}`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${to} Pool changed` })).toBeVisible();
}

test("pat's claim as written is listed as acme with Asset Life (hs), and a name change keeps it", async ({ browser }) => {
  const staff = await (await browser.newContext({ storageState: STAFF_STATE })).newPage();
  await staff.goto('/settings/users');
  // Listed under acme, although the claim says "ACME".
  await expect(staff.getByRole('table', { name: 'Acme Industrial' }).getByRole('row', { name: new RegExp(PAT) })).toBeVisible();

  await renamePat(staff, 'Pat', 'Patricia');
  // The newest row of pat's changes in the audit below the users.
  const audit = staff
    .getByRole('table', { name: 'User changes' })
    .getByRole('row', { name: new RegExp(PAT) })
    .first();
  await expect(audit).toContainText('Given name: Pat → Patricia');
  await expect(audit).not.toContainText('Modules');

  // The form opens again with Asset Life ticked: the save kept hs.
  const row = staff.getByRole('table', { name: 'Acme Industrial' }).getByRole('row', { name: new RegExp(PAT) });
  await row.getByRole('button', { name: 'Edit Patricia Pool' }).click();
  await expect(staff.getByRole('form', { name: 'Change Patricia Pool' }).getByRole('checkbox', { name: 'Asset Life' })).toBeChecked();
  await staff.getByRole('button', { name: 'Cancel' }).click();

  // And pat, signing in afresh, still has Asset Life.
  const pat = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await pat.goto('/login');
  await signInWithForm(pat, PAT);
  await expect(pat.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Asset Life' })).toBeVisible();

  // Pat's name back, as the demo data has it; Asset Life stays again.
  await renamePat(staff, 'Patricia', 'Pat');
  await expect(audit).toContainText('Given name: Patricia → Pat');
  await expect(audit).not.toContainText('Modules');
});
