import { expect, test } from '@playwright/test';
import { PASSWORD } from './support/accounts.ts';
import { controlsCoveredBy } from './support/covered.ts';
import { createConfirmedAccount, uniqueEmail } from './support/mailbox.ts';
import { signInWithForm } from './support/signIn.ts';

// An account of its own, made by sign-up, so no other journey meets a changed password.
test.describe('changing one’s password on the profile', () => {
  test('a wrong current password is said in words; the right one changes it, and the next sign-in takes the new one', async ({ page, request }) => {
    const email = uniqueEmail('changer');
    const newPassword = 'Changed-Passw0rd!';
    await createConfirmedAccount(request, email, PASSWORD);
    // A phone's width, where the page is one column and a toast has nowhere beside it to go.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/login');
    await signInWithForm(page, email);
    await page.goto('/profile');

    const section = page.getByRole('region', { name: 'Password' });
    await section.getByRole('button', { name: 'Change password' }).click();
    await expect(section.getByText('Your new password needs:')).toBeVisible();
    await section.getByLabel('Current password').fill('Not-The-Passw0rd!');
    await section.getByLabel('New password', { exact: true }).fill(newPassword);
    await section.getByLabel('Confirm new password').fill(newPassword);
    await section.getByRole('button', { name: 'Save new password' }).click();
    await expect(section.getByRole('alert')).toContainText('current password');

    await section.getByLabel('Current password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Save new password' }).click();
    const changed = page.getByRole('status').filter({ hasText: 'Your password has been changed.' });
    await expect(changed).toBeVisible();
    expect(await controlsCoveredBy(changed.locator('..'))).toEqual([]);
    await expect(section.getByRole('button', { name: 'Change password' })).toBeVisible();

    // As a person would: wait for sign-out to land on /login (going on to /login while it still ran
    // found the session there and went home).
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
  });
});
