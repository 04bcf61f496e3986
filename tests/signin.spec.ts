import { expect, test } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

const h1 = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });

test.describe('signing in', () => {
  // mfa@acme.example's landing is the first step of its own journey (mfa.spec.ts), which changes the account.
  for (const [who, account] of Object.entries(ACCOUNTS).filter(([who]) => who !== 'mfa')) {
    test(`${who} (${account.email}) lands on ${account.landing}`, async ({ page }) => {
      await page.goto('/login');
      await signInWithForm(page, account.email);
      await expect(page).toHaveURL(account.landing);
      await expect(h1(page)).toHaveText(account.h1);
      await expect(page.locator('h1')).toHaveCount(1);
    });
  }

  test('a signed-out visit to a deep link goes to /login and back there after sign-in', async ({ page }) => {
    await page.goto('/asset-life/sites/S1');
    await expect(page).toHaveURL('/login?redirect=%2Fasset-life%2Fsites%2FS1');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await expect(page).toHaveURL('/asset-life/sites/S1');
    await expect(h1(page)).toHaveText('Site S1');
    await expect(page.getByRole('status')).toContainText('Nothing to show here yet');
  });

  test('a wrong password says so and stays on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.engineer.email);
    await page.getByLabel('Password').fill('wrong-password-1A!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('signed in', () => {
  test.use({ storageState: ENGINEER_STATE });

  test("a module the user may not open goes to '/', which is their landing page", async ({ page }) => {
    await page.goto('/coredata/events');
    await expect(page).toHaveURL('/asset-life');
  });

  test("/login while signed in goes to '/'", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/asset-life');
  });

  test('an address no route has shows Not found inside the frame', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(h1(page)).toContainText('Not found');
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
  });

  test('/loading passes in the local environment', async ({ page }) => {
    await page.goto('/loading');
    await expect(page).toHaveURL('/loading');
    await expect(h1(page)).toHaveText('Loading');
  });

  test('the navigation lists the permitted modules in the spec order', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Modules' });
    await expect(nav.getByRole('link')).toHaveText(['Model Runtime', 'Life Cycle Cost', 'Asset Life']);
  });
});

test.describe('signing out', () => {
  // A session of its own: the stored ones stay signed in for the journeys that start from them.
  test('/logout signs out and goes to /login; protected pages then need sign-in again', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    await page.goto('/asset-life');
    await expect(page).toHaveURL('/login?redirect=%2Fasset-life');
  });
});

test.describe('signed out', () => {
  test('the not-found page requires sign-in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/login?redirect=%2Fno%2Fsuch%2Fpage');
  });

  test('/loading without a user goes to /login', async ({ page }) => {
    await page.goto('/loading');
    await expect(page).toHaveURL('/login');
  });
});
