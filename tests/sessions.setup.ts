import { test as setup } from '@playwright/test';
import { ACCOUNTS, STAFF_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

setup('sign in as staff once for the route walk', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, ACCOUNTS.staff.email);
  await page.context().storageState({ path: STAFF_STATE });
});
