import { expect, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { ACCOUNTS, PASSWORD } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

// One journey, in order: the account's MFA state carries from step to step.
test('mfa@acme.example is held on /profile until TOTP is set up, then signs in with a code', async ({ page }) => {
  const h1 = page.getByRole('heading', { level: 1 });
  await page.goto('/login');
  await signInWithForm(page, ACCOUNTS.mfa.email);
  await expect(page).toHaveURL('/profile?require=mfa');
  await expect(page.getByRole('alert')).toContainText('requires multi-factor authentication');

  await page.goto('/coredata/events');
  await expect(page).toHaveURL('/profile?require=mfa');

  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Multi-factor authentication is on:')).toBeVisible();

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
