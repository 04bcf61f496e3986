import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { ACCOUNTS, PASSWORD } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

/** The ID token the browser holds and sends, as Amplify keeps it. */
const browserIdToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

/** A call of the main API's local stand-in for the user's own customer, with the browser's token. */
async function siteGroupsWith(request: APIRequestContext, page: Page) {
  const token = await browserIdToken(page);
  expect(token).toBeTruthy();
  return request.get('/api/main/customers/acme/sitegroups', { headers: { authorization: `Bearer ${token}` } });
}

// One journey, in order: the account's MFA state carries from step to step.
test('mfa@acme.example reaches nothing but /profile until TOTP is set up, then its module, then signs in with a code', async ({ page, request }) => {
  const h1 = page.getByRole('heading', { level: 1 });
  const modules = page.getByRole('navigation', { name: 'Modules' });
  const account = page.getByRole('navigation', { name: 'Account' });
  await page.goto('/login');
  await signInWithForm(page, ACCOUNTS.mfa.email);
  await expect(page).toHaveURL('/profile?require=mfa');
  await expect(page.getByRole('alert')).toContainText('requires multi-factor authentication');
  // Nothing to follow but the profile and sign-out.
  await expect(account.getByRole('link', { name: 'Sign out' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(modules.getByRole('link')).toHaveCount(0);

  // Its module cannot be reached by typing its address, nor the dashboard's pages.
  for (const address of ['/coredata/events', '/coredata', '/settings', '/']) {
    await page.goto(address);
    await expect(page).toHaveURL('/profile?require=mfa');
  }
  // The service holds the line itself, whatever the browser does: the password-only token gets the
  // profile-only manifest, and the API stand-in refuses it.
  const token = await browserIdToken(page);
  const manifest = await request.get('/api/v1/manifest', { headers: { authorization: `Bearer ${token}` } });
  expect(await manifest.json()).toMatchObject({ mfaPending: true, modules: [], customerId: null });
  const refused = await siteGroupsWith(request, page);
  expect(refused.status()).toBe(403);
  expect(refused.headers()['content-type']).toMatch(/^application\/problem\+json/);
  expect(await refused.json()).toMatchObject({ code: 'CFG_ERR_MFA_REQUIRED' });

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Multi-factor authentication is on:')).toBeVisible();

  // Without signing in again, or reloading: the module appears and opens, and the API answers.
  await expect(page.getByRole('status').filter({ hasText: 'Multi-factor authentication is set up.' })).toBeVisible();
  await modules.getByRole('link', { name: 'CoreData' }).click();
  await expect(page).toHaveURL('/coredata');
  await expect(h1).toHaveText('Events');
  expect((await siteGroupsWith(request, page)).status()).toBe(200);

  await page.goto('/');
  await expect(page).toHaveURL('/coredata');
  await expect(h1).toHaveText('Events');

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.mfa.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(h1).toHaveText('Enter your authentication code');
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/coredata');
});
