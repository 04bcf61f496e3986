import { expect, test, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { PASSWORD } from './support/accounts.ts';
import { codeSentTo, mailboxMark } from './support/mailbox.ts';

// The sign-in steps of a pool that requires MFA, and of email codes, as the local identity provider sends
// them itself (decision 0048): set-up accounts stand for users of such a pool, and every start takes their
// MFA off again. Each journey ends where the account's claims say it lands.
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

test('an account without MFA, of a pool that requires it, sets up the authenticator app while signing in and lands signed in', async ({ page }) => {
  const email = 'setup@acme.example';
  await signIn(page, email);
  await expect(h1(page)).toHaveText('Set up your authenticator app');
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);

  await page.getByLabel('Authentication code').fill(otherThan(authenticator.generate(secret)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  // The platform requires MFA of this account too (decision 0042): set up at sign-in counts, so no detour to /profile.
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');

  // From now on sign-in asks for the app's code.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, email);
  await expect(h1(page)).toHaveText('Enter your authentication code');
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/asset-life');
});

test('an account of a pool offering the app and email codes chooses email, confirms the address with the code sent there, and lands signed in', async ({
  page,
}) => {
  const email = 'setup-choice@acme.example';
  await signIn(page, email);
  await expect(h1(page)).toHaveText('Set up multi-factor authentication');
  const methods = page.getByRole('group', { name: 'Method to set up' });
  await expect(methods.getByRole('button')).toHaveText(['Authenticator app', 'Email']);
  await methods.getByRole('button', { name: 'Email' }).click();

  await expect(h1(page)).toHaveText('Get sign-in codes by email');
  await expect(page.getByLabel('Email for sign-in codes')).toHaveValue(email);
  const mark = mailboxMark();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(h1(page)).toHaveText('Enter the code we emailed you');
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  await page.getByLabel('Code from the email').fill(await codeSentTo(email, mark));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');
});

test('an account with email MFA signs in with the code emailed to it, after a wrong one is refused', async ({ page }) => {
  const email = 'email@acme.example';
  const mark = mailboxMark();
  await signIn(page, email);
  await expect(h1(page)).toHaveText('Enter the code we emailed you');
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const code = await codeSentTo(email, mark);

  await page.getByLabel('Code from the email').fill(otherThan(code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');
  await page.getByLabel('Code from the email').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');
});
