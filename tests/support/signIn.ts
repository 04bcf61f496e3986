import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { PublicConfig, UserManifest } from '@platform/schemas';
import { PASSWORD } from './accounts.ts';

/** Signs in through the login form, as a person would. */
export async function signInWithForm(page: Page, email: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A page of a fresh context signed in through the form at a platform a spec started itself (at `base`). */
export async function signedInAt(browser: Browser, base: string, email: string): Promise<Page> {
  // The browser resolves localhost only (support/chromium.ts); the service answers on both names.
  const page = await (await browser.newContext({ baseURL: base.replace('127.0.0.1', 'localhost') })).newPage();
  await page.goto('/login');
  await signInWithForm(page, email);
  return page;
}

/** An ID token for a demo account, obtained from the identity provider the way the browser does. */
export async function idTokenFor(request: APIRequestContext, email: string): Promise<string> {
  const config = (await (await request.get('/api/v1/config')).json()) as PublicConfig;
  const answer = await request.post('/idp', {
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    data: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.auth.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD } }),
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

/** The manifest the service gives a demo account. */
export async function manifestFor(request: APIRequestContext, email: string): Promise<UserManifest> {
  const token = await idTokenFor(request, email);
  const response = await request.get('/api/v1/manifest', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as UserManifest;
}
