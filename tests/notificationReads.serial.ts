import { expect, test, type Browser } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { signInWithForm } from './support/signIn.ts';

/** A browser of its own (nothing of another's storage), signed in as the engineer. */
async function device(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await signInWithForm(page, ACCOUNTS.engineer.email);
  await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
  return page;
}

// Issue 35, point 9: read marks are the user's, not the browser's. A journey of its own after the specs:
// it marks the engineer's notifications read for every browser they sign in on.
test('notifications read on one device show as read on another of the same user', async ({ browser }) => {
  const laptop = await device(browser);
  const phone = await device(browser);

  await laptop.goto('/notifications');
  await expect(laptop.getByRole('main').getByRole('list', { name: 'Notifications' }).getByRole('listitem')).toHaveCount(4);
  await expect(laptop.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Notifications/ })).toHaveText('Notifications');

  await phone.reload();
  // The Dashboard lists the latest notifications: once they show, the count in the top bar is drawn from
  // the same answer (a per-browser count would show 4 here).
  await phone.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(phone.getByRole('region', { name: 'Latest notifications' }).getByRole('listitem')).toHaveCount(3);
  const entry = phone.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: /^Notifications/ });
  await expect(entry).toHaveText('Notifications');
  // And still so once this browser has the user's read marks from the service.
  await expect.poll(() => phone.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/api/v1/notifications/read')))).toBe(true);
  await expect(entry).toHaveText('Notifications');
});
