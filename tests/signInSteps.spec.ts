import { expect, test, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { PASSWORD } from './support/accounts.ts';
import { callIdentityProvider, codeSentTo, createConfirmedAccount, mailboxMark, temporaryPasswordSentTo, uniqueEmail, webClientId } from './support/mailbox.ts';

// Each step of sign-in that the local identity provider produces, met as a person meets it at /login
// (decision 0048 lists the steps proved only by component tests).
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an account signed up but never confirmed confirms from /login with a code sent again, and is signed in', async ({ page, request }) => {
  const email = uniqueEmail('unconfirmed');
  const signUp = await callIdentityProvider(request, 'SignUp', {
    ClientId: await webClientId(request),
    Username: email,
    Password: PASSWORD,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'given_name', Value: 'Uma' },
      { Name: 'family_name', Value: 'Unconfirmed' },
    ],
  });
  expect(signUp.status).toBe(200);

  await signIn(page, email, PASSWORD);
  await expect(h1(page)).toHaveText('Confirm your email');
  await expect(page.getByText('Your account is not confirmed yet.')).toBeVisible();

  // The code of the sign-up is lost: a new one is sent, and only it is asked for.
  const mark = mailboxMark();
  await page.getByRole('button', { name: 'Send the code again' }).click();
  await expect(page.getByRole('status').filter({ hasText: `A new code is on its way to ${email}.` })).toBeVisible();
  const code = await codeSentTo(email, mark);
  await page.getByLabel('Confirmation code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  // Signed in with the password given at /login; no role yet, so the empty page.
  await expect(page).toHaveURL('/');
  await expect(h1(page)).toHaveText('Welcome, Uma');
});

test('the invited account signs in with its temporary password from the log, chooses a new one and lands on its landing page', async ({ page }) => {
  const email = 'invited@acme.example';
  await signIn(page, email, await temporaryPasswordSentTo(email));
  await expect(h1(page)).toHaveText('Choose a new password');
  await expect(page.getByRole('list')).toContainText('at least 8 characters');

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('The password needs at least 8 characters');

  const chosen = 'Invited-Passw0rd!';
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');

  // The new password is the account's from now on.
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await signIn(page, email, chosen);
  await expect(page).toHaveURL('/asset-life');
});

test('an account with two second factors chooses the authenticator app, then signs in with its code', async ({ page, request }) => {
  const email = uniqueEmail('two-factors');
  await createConfirmedAccount(request, email, PASSWORD);
  const ClientId = await webClientId(request);
  const signedIn = await callIdentityProvider(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  const AccessToken = (signedIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
  const secret = (await callIdentityProvider(request, 'AssociateSoftwareToken', { AccessToken })).body.SecretCode as string;
  expect((await callIdentityProvider(request, 'VerifySoftwareToken', { AccessToken, UserCode: authenticator.generate(secret) })).body).toMatchObject({
    Status: 'SUCCESS',
  });
  const both = { AccessToken, SMSMfaSettings: { Enabled: true }, SoftwareTokenMfaSettings: { Enabled: true } };
  expect((await callIdentityProvider(request, 'SetUserMFAPreference', both)).status).toBe(200);

  await signIn(page, email, PASSWORD);
  await expect(h1(page)).toHaveText('Choose how to confirm it’s you');
  const methods = page.getByRole('group', { name: 'Confirm with' });
  await expect(methods.getByRole('button')).toHaveText(['Text message', 'Authenticator app']);
  await methods.getByRole('button', { name: 'Authenticator app' }).click();
  await expect(h1(page)).toHaveText('Enter your authentication code');
  await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await expect(h1(page)).toHaveText('Welcome, Riley');
});

// The two SMS demo accounts (decision 0048): the emulator logs each text message's code for the phone number.
const SMS_ACCOUNT = { email: 'sms@acme.example', phone: '+15555550101' };
const CHOICE_ACCOUNT = { email: 'choice@acme.example', phone: '+15555550102' };

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

test('the SMS account signs in with the code texted to its phone, after a wrong one is refused', async ({ page }) => {
  const mark = mailboxMark();
  await signIn(page, SMS_ACCOUNT.email, PASSWORD);
  await expect(h1(page)).toHaveText('Enter the code we texted you');
  await expect(page.getByText(`We sent a code to ${SMS_ACCOUNT.phone}.`)).toBeVisible();
  const code = await codeSentTo(SMS_ACCOUNT.phone, mark);

  await page.getByLabel('Code from the text message').fill(otherThan(code));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Check it and try again.');

  await page.getByLabel('Code from the text message').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');
});

test('an account with SMS and the authenticator app chooses "Text message", then signs in with the texted code', async ({ page, request }) => {
  // The account has SMS only; sign in by text message and add the authenticator app, as the profile would.
  const ClientId = await webClientId(request);
  const first = mailboxMark();
  const challenge = await callIdentityProvider(request, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId,
    AuthParameters: { USERNAME: CHOICE_ACCOUNT.email, PASSWORD: PASSWORD },
  });
  expect(challenge.body).toMatchObject({ ChallengeName: 'SMS_MFA' });
  const signedIn = await callIdentityProvider(request, 'RespondToAuthChallenge', {
    ClientId,
    ChallengeName: 'SMS_MFA',
    Session: challenge.body.Session,
    ChallengeResponses: { USERNAME: CHOICE_ACCOUNT.email, SMS_MFA_CODE: await codeSentTo(CHOICE_ACCOUNT.phone, first) },
  });
  const AccessToken = (signedIn.body.AuthenticationResult as { AccessToken: string }).AccessToken;
  const secret = (await callIdentityProvider(request, 'AssociateSoftwareToken', { AccessToken })).body.SecretCode as string;
  expect((await callIdentityProvider(request, 'VerifySoftwareToken', { AccessToken, UserCode: authenticator.generate(secret) })).body).toMatchObject({
    Status: 'SUCCESS',
  });
  const both = { AccessToken, SMSMfaSettings: { Enabled: true }, SoftwareTokenMfaSettings: { Enabled: true } };
  expect((await callIdentityProvider(request, 'SetUserMFAPreference', both)).status).toBe(200);

  const mark = mailboxMark();
  await signIn(page, CHOICE_ACCOUNT.email, PASSWORD);
  await expect(h1(page)).toHaveText('Choose how to confirm it’s you');
  await page.getByRole('group', { name: 'Confirm with' }).getByRole('button', { name: 'Text message' }).click();
  await expect(h1(page)).toHaveText('Enter the code we texted you');
  await page.getByLabel('Code from the text message').fill(await codeSentTo(CHOICE_ACCOUNT.phone, mark));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');
});

test('the account an administrator reset is sent to choose a new password, and signs in with it', async ({ page }) => {
  // reset@acme.example: the seed resets its password (AdminResetUserPassword) at every start.
  const email = 'reset@acme.example';
  const chosen = 'Reset-Passw0rd!';
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/login/forgot');
  await expect(page.getByRole('status').filter({ hasText: 'Your password must be reset before you can sign in.' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const mark = mailboxMark();
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(h1(page)).toHaveText('Reset your password');
  await page.getByLabel('Code').fill(await codeSentTo(email, mark));
  await page.getByLabel('New password', { exact: true }).fill(chosen);
  await page.getByLabel('Confirm new password').fill(chosen);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Password').fill(chosen);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/asset-life');
  await expect(h1(page)).toHaveText('Sites');
});
