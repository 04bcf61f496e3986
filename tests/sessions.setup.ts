import { test as setup } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// Signing in through the form is the subject of signin.spec.ts and others; every other journey that
// needs a signed-in user starts from one of these sessions instead of signing in again.
setup.describe.configure({ mode: 'parallel' });

for (const [who, path] of [
  ['staff', STAFF_STATE],
  ['engineer', ENGINEER_STATE],
] as const) {
  setup(`sign in as ${who} once, for the journeys that start signed in`, async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS[who].email);
    await page.context().storageState({ path });
  });
}
