import { expect, test, type Page, type Route } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE, PASSWORD } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// The browser's side of faults: when the identity provider or the config service
// does not answer, the person sees what is wrong and a way to try again, never a blank page; once
// the service is back, trying again gets them where they were going.

const account = ACCOUNTS.engineer;

/** Two ways a service is down: no connection at all, or a gateway answering 503 with its own page. */
const OUTAGES = {
  unreachable: (route: Route) => route.abort('connectionrefused'),
  'answering 503': (route: Route) =>
    route.fulfill({ status: 503, contentType: 'text/html', body: '<html><body><h1>503 Service Unavailable</h1></body></html>' }),
} as const;

const IDP = '**/idp**';
const CONFIG = '**/api/v1/config';
const MANIFEST = '**/api/v1/manifest';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function fillSignIn(page: Page) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A whole-page error with its retry: an alert, one heading, a "Try again" button. */
async function expectRetryPage(page: Page, title: string) {
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(h1(page)).toHaveText(title);
  await expect(page.locator('h1')).toHaveCount(1);
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeEnabled();
}

async function expectLanding(page: Page) {
  await expect(page).toHaveURL(account.landing);
  await expect(h1(page)).toHaveText(account.h1);
}

test.describe('Faults', { tag: '@hardening/faults' }, () => {
  for (const [outage, handler] of Object.entries(OUTAGES)) {
    test(`identity provider ${outage}: the sign-in page says so, and signing in works once it is back`, async ({ page }) => {
      await page.goto('/login');
      await page.route(IDP, handler);
      await fillSignIn(page);
      const alert = page.getByRole('alert');
      // Amplify tries a few times before it gives up.
      await expect(alert).toContainText('identity provider', { timeout: 30_000 });
      await expect(alert).not.toContainText(/JSON|Unknown error|status code/i);
      await expect(h1(page)).toHaveText('Sign in');
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

      await page.unroute(IDP);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expectLanding(page);
    });

    test(`config service ${outage} at app start: an error with a retry, then sign-in and the landing page`, async ({ page }) => {
      await page.route(CONFIG, handler);
      await page.goto('/');
      await expectRetryPage(page, 'The platform cannot be reached');

      await page.unroute(CONFIG);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(h1(page)).toHaveText('Sign in');
      await signInWithForm(page, account.email);
      await expectLanding(page);
    });

    test(`manifest ${outage} right after sign-in: an error with a retry, then the landing page`, async ({ page }) => {
      await page.goto('/login');
      await page.route(MANIFEST, handler);
      await fillSignIn(page);
      await expectRetryPage(page, 'Your navigation could not be loaded');

      await page.unroute(MANIFEST);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectLanding(page);
    });
  }
});

test.describe('Faults, signed in', { tag: '@hardening/faults' }, () => {
  test.use({ storageState: ENGINEER_STATE });

  for (const [outage, handler] of Object.entries(OUTAGES)) {
    test(`config service and manifest ${outage} when a signed-in user opens the app: errors with retries, then the landing page`, async ({ page }) => {
      await page.route(CONFIG, handler);
      await page.route(MANIFEST, handler);
      await page.goto('/');
      await expectRetryPage(page, 'The platform cannot be reached');

      // The config comes back first: the app gets as far as the manifest, and says so.
      await page.unroute(CONFIG);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectRetryPage(page, 'Your navigation could not be loaded');

      await page.unroute(MANIFEST);
      await page.getByRole('button', { name: 'Try again' }).click();
      await expectLanding(page);
    });
  }
});
