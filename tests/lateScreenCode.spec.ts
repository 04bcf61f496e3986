import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/mailbox.ts';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * Holds back every script the page asks for from now on until `release` is called: the code of the
 * screens a visit has not opened yet (the sign-in screens' chunk and Amplify's sign-in machinery).
 * `requested` settles once the page has asked for one.
 */
async function holdBackScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const firstRequest = new Promise<void>((resolve) => (requested = resolve));
  await page.route('**/assets/*.js', async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: firstRequest, release };
}

/**
 * A person types into the field the page shows them as soon as there is one. Settles once they have
 * typed, or once the page says its screen is still on its way (nothing to type into yet); the typing
 * itself is handed back, to be awaited after the code has arrived.
 */
async function typeAsSoonAsOffered(page: Page, label: string, text: string): Promise<{ typed: Promise<void> }> {
  const typed = page.getByLabel(label, { exact: true }).fill(text);
  // biome-ignore lint/correctness/noPlaywrightMissingAwait: raced below, and the typing is awaited by the caller
  const loading = expect(page.getByText('Loading…')).toBeVisible();
  await Promise.race([typed, loading.catch(() => undefined)]);
  // Wrapped: an async function's returned promise would wait for the typing itself.
  return { typed };
}

test.describe('a sign-in screen whose code arrives late', () => {
  test('what you typed survives the sign-in code arriving late', async ({ page }) => {
    const email = uniqueEmail('patient');
    // The identity provider's answer is stubbed: this journey is about what the page does with what was
    // typed; the real round trip, code by email and all, is the account journeys' (accountJourneys.spec.ts).
    const codesAskedFor: string[] = [];
    await page.route('**/idp', async (route) => {
      if (route.request().headers()['x-amz-target'] !== 'AWSCognitoIdentityProviderService.ForgotPassword') return route.fallback();
      codesAskedFor.push((route.request().postDataJSON() as { Username: string }).Username);
      await route.fulfill({
        contentType: 'application/x-amz-json-1.1',
        body: JSON.stringify({ CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'p***@s***' } }),
      });
    });
    await page.goto('/login');
    await expect(h1(page)).toHaveText('Sign in');

    const scripts = await holdBackScripts(page);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/login/forgot');
    await scripts.requested;
    const { typed } = await typeAsSoonAsOffered(page, 'Email', email);

    scripts.release();
    await typed;
    await expect(h1(page)).toHaveText('Forgot your password?');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(`/login/reset?email=${encodeURIComponent(email)}`);
    await expect(h1(page)).toHaveText('Reset your password');
    await expect(page.getByText('We sent a code to p***@s***.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    expect(codesAskedFor).toEqual([email]);
  });

  test('an email typed while the sign-up screen is on its way is kept', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/login');
    await expect(h1(page)).toHaveText('Sign in');

    const scripts = await holdBackScripts(page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/login/signup');
    await scripts.requested;
    // The sign-in form's Email field has the same name as the sign-up form's.
    const { typed } = await typeAsSoonAsOffered(page, 'Email', email);

    scripts.release();
    await typed;
    await expect(h1(page)).toHaveText('Create an account');
    await expect(page.getByLabel('Email')).toHaveValue(email);
  });
});
