import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

/** Console errors of a page, as a developer with the console open would see them. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('error catalogue (spec section 8)', () => {
  test('a current-user check that fails on the login page proceeds to login', async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    // The stored tokens expire and the identity provider cannot renew them. The provider goes down first:
    // the open app could otherwise renew the tokens between their expiry and the outage.
    await page.route('**/idp', (route) =>
      route.fulfill({ status: 503, contentType: 'application/x-amz-json-1.1', body: '{"__type":"ServiceUnavailable","message":"down"}' }),
    );
    // On a page of our origin where the app does not run, so it cannot act on the tokens before the test does.
    await page.goto('/api/v1/config');
    await page.evaluate(() => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      for (const key of Object.keys(localStorage).filter((k) => /\.(idToken|accessToken)$/.test(k))) {
        const [header, payload] = (localStorage.getItem(key) ?? '').split('.');
        const claims = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
        const expired = btoa(JSON.stringify({ ...claims, exp: past }))
          .replace(/=+$/, '')
          .replace(/\+/g, '-')
          .replace(/\//g, '_');
        localStorage.setItem(key, `${header}.${expired}.signature`);
      }
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByLabel('Email')).toBeVisible();
    expect(errors.some((e) => e.includes('current-user check failed'))).toBe(true);
  });
});
