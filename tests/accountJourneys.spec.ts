import { expect, test, type Page } from '@playwright/test';
import { STAFF_ROLE } from '@platform/schemas';
import { PASSWORD } from './support/accounts.ts';
import { callIdentityProvider, codeSentTo, createConfirmedAccount, mailboxMark, uniqueEmail, webClientId } from './support/mailbox.ts';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('creating an account', () => {
  test('sign up, confirm with the emailed code, then sign in to the empty page', async ({ page }) => {
    const email = uniqueEmail('newcomer');
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/login/signup');
    await expect(h1(page)).toHaveText('Create an account');

    await page.getByLabel('First name').fill('Nova');
    await page.getByLabel('Last name').fill('Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('at least 8 characters');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toHaveText('The two passwords differ.');

    const mark = mailboxMark();
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(h1(page)).toHaveText('Confirm your email');
    await expect(page).toHaveURL(`/login/signup?confirm=${encodeURIComponent(email)}`);
    const code = await codeSentTo(email, mark);

    await page.getByLabel('Confirmation code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');

    await page.getByLabel('Confirmation code').fill(code);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(toast(page, 'Your account is ready')).toBeVisible();
    await expect(page).toHaveURL('/login');
    await expect(page.getByLabel('Email')).toHaveValue(email);

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // No role, no modules yet: the empty page greets the newcomer by the name they gave.
    await expect(page).toHaveURL('/');
    await expect(h1(page)).toHaveText('Welcome, Nova');
  });

  test('an email that already has an account is told so', async ({ page }) => {
    await page.goto('/login/signup');
    await page.getByLabel('First name').fill('Erin');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill('engineer@acme.example');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('already exists');
    await expect(page).toHaveURL('/login/signup');
  });

  test('a browser cannot give a new account a role or a customer', async ({ request }) => {
    const email = uniqueEmail('climber');
    const answer = await callIdentityProvider(request, 'SignUp', {
      ClientId: await webClientId(request),
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:auth', Value: JSON.stringify({ role: STAFF_ROLE }) },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('NotAuthorizedException');
  });
});

test.describe('resetting a forgotten password', () => {
  test('forgot → code by email → new password → sign in with it', async ({ page, request }) => {
    const email = uniqueEmail('forgetful');
    const newPassword = 'Fresh-Passw0rd!';
    await createConfirmedAccount(request, email, PASSWORD);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/login/forgot');
    const mark = mailboxMark();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(`/login/reset?email=${encodeURIComponent(email)}`);
    await expect(h1(page)).toHaveText('Reset your password');
    await expect(page.getByLabel('Email')).toHaveValue(email);
    const code = await codeSentTo(email, mark);

    await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');

    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(toast(page, 'Your password has been changed')).toBeVisible();
    await expect(page).toHaveURL('/login');

    // The old password no longer opens the account; the new one does.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await expect(h1(page)).toHaveText('Welcome, Riley');
  });
});
