import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';
import { webClientId } from './support/mailbox.ts';

const signedInWith = (page: Page) => page.locator('dt:text-is("Signed in with") + dd');

test.describe('single sign-on', () => {
  test('leaves for the authorize page with the code flow and PKCE, and comes back signed in', async ({ page, baseURL, request }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Single sign-on' }).click();
    await expect(page).toHaveURL('/login/singleSignOn');
    await page.getByRole('button', { name: 'Continue with single sign-on' }).click();

    await expect(page).toHaveURL(/\/oauth2\/authorize\?/);
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      scope: 'openid',
      client_id: await webClientId(request),
      redirect_uri: `${baseURL}/login/singleSignOn`,
      code_challenge_method: 'S256',
    });
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('state')?.length).toBeGreaterThan(8);

    await page.getByLabel('Email').fill(ACCOUNTS.engineer.email);
    await page.getByLabel('Password').fill('not-the-password-1A!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The federated sign-in goes to emptyPage ('/'), which takes the user to their landing page.
    await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCOUNTS.engineer.h1);

    // A new page load finds the federated session and starts with the single sign-on configuration.
    await page.goto('/profile');
    await expect(signedInWith(page)).toHaveText('Single sign-on');
    await page.reload();
    await expect(signedInWith(page)).toHaveText('Single sign-on');

    await page.goto('/logout');
    await expect(page).toHaveURL('/login');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });

  test('a password sign-in keeps the standard configuration', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await page.goto('/profile');
    await expect(signedInWith(page)).toHaveText('Email and password');
  });

  test('a code that no sign-in of this browser started is not accepted', async ({ page }) => {
    await page.goto('/login/singleSignOn?code=made-up&state=made-up');
    await expect(page.getByRole('status')).toContainText('already been used or has expired');
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?redirect=%2Fprofile');
  });

  test('the hosted UI returns only to registered addresses and echoes nothing unescaped', async ({ request, baseURL }) => {
    const query = (overrides: Record<string, string>) =>
      new URLSearchParams({
        client_id: '',
        redirect_uri: `${baseURL}/login/singleSignOn`,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        state: 'xyz',
        ...overrides,
      });
    const clientId = await webClientId(request);
    const elsewhere = await request.get(`/oauth2/authorize?${query({ client_id: clientId, redirect_uri: 'https://evil.example/callback' })}`);
    expect(elsewhere.status()).toBe(400);
    expect(await elsewhere.text()).toContain('The return address is not registered');

    const noPkce = await request.get(`/oauth2/authorize?${query({ client_id: clientId, code_challenge: '' })}`);
    expect(noPkce.status()).toBe(400);

    const hostile = await request.get(`/oauth2/authorize?${query({ client_id: clientId, state: '"><script>alert(1)</script>' })}`);
    expect(hostile.status()).toBe(200);
    expect(await hostile.text()).not.toContain('<script>');
    expect(hostile.headers()['content-security-policy']).toContain("default-src 'none'");
  });
});
