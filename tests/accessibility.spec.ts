import { expect, test, type Locator, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { ACCOUNTS, ENGINEER_STATE, PASSWORD, STAFF_STATE } from './support/accounts.ts';
import { expectNoSeriousViolations as expectAccessible, expectNoSeriousViolationsEveryRule } from './support/axe.ts';
import { createConfirmedAccount, uniqueEmail } from './support/mailbox.ts';
import { signInWithForm } from './support/signIn.ts';

// Every kind of screen passes axe at WCAG 2.1 A and AA with nothing serious or critical, and the
// chrome and the sign-in form work by keyboard alone.
const HARDENING = { tag: '@hardening/accessibility' };
// The tests are independent of one another (bar the serial pair below): both workers share them.
test.describe.configure({ mode: 'parallel' });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The element that has focus, as a locator. */
const focused = (page: Page) => page.locator(':focus');

/**
 * The contrast ratio (WCAG 2.x) of an element's text against what is behind it, translucent
 * backgrounds composited over their ancestors'. axe leaves such layered cases as "incomplete", and
 * never sees hover or focus styles, so states it cannot judge are measured here.
 */
function textContrast(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const rgba = (css: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    const over = (top: { r: number; g: number; b: number; a: number }, under: { r: number; g: number; b: number }) => ({
      r: top.r * top.a + under.r * (1 - top.a),
      g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a),
    });
    const layers = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const layer = rgba(getComputedStyle(node).backgroundColor);
      if (layer.a > 0) layers.unshift(layer);
      if (layer.a >= 1) break;
    }
    const back = layers.reduce((under, layer) => over(layer, under), { r: 255, g: 255, b: 255 });
    const text = over(rgba(getComputedStyle(el).color), back);
    const channel = (v: number) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = (c: { r: number; g: number; b: number }) => 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    const [a, b] = [luminance(text), luminance(back)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

/** Fails unless the element's text meets WCAG AA contrast (4.5:1) as it looks now. */
async function expectReadable(target: Locator, what: string): Promise<void> {
  expect(await textContrast(target), `text contrast of ${what}`).toBeGreaterThanOrEqual(4.5);
}

/** Fails unless the focused element matches :focus-visible and draws an outline or a box-shadow. */
async function expectFocusIndicator(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const css = getComputedStyle(el);
    return {
      what: `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
      visible: el.matches(':focus-visible'),
      text: !(el instanceof HTMLInputElement) && (el.textContent ?? '').trim() !== '',
      outline: css.outlineStyle === 'none' || parseFloat(css.outlineWidth) === 0 ? 'none' : `${css.outlineStyle} ${css.outlineWidth} ${css.outlineColor}`,
      shadow: css.boxShadow,
    };
  });
  expect(style.visible, `${style.what} matches :focus-visible`).toBe(true);
  expect(style.outline !== 'none' || style.shadow !== 'none', `${style.what} shows where focus is (outline ${style.outline}, box-shadow ${style.shadow})`).toBe(
    true,
  );
  if (style.text) await expectReadable(focused(page), `${style.what} while focused`);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator at every stop.
 * A press that leaves the document (to the browser's own controls) is a stop with nothing to check.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 40 } = {}): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)) continue;
    await expectFocusIndicator(page);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${String(target)} never took focus within ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Opens the sign-in page and waits for its form, so the first key press lands on the page. */
async function openLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await expect(h1(page)).toHaveText('Sign in');
}

test.describe('axe: the sign-in pages', HARDENING, () => {
  for (const [path, title] of [
    ['/login', 'Sign in'],
    ['/login/signup', 'Create an account'],
    ['/login/forgot', 'Forgot your password?'],
    ['/login/reset', 'Reset your password'],
    ['/login/singleSignOn', 'Single sign-on'],
  ] as const) {
    test(`${path} has no serious or critical violation`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page)).toHaveText(title);
      await expectAccessible(page, path);
    });
  }

  test('/login with a sign-in error shown has no serious or critical violation', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(ACCOUNTS.engineer.email);
    await page.getByLabel('Password').fill(`${PASSWORD}-wrong`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, '/login with an error');
  });

  test('/login at 375 px has no serious or critical violation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openLogin(page);
    await expectAccessible(page, '/login at 375 px');
  });
});

test.describe('axe: signed-in screens', HARDENING, () => {
  test.use({ storageState: ENGINEER_STATE });

  test('a module screen with breadcrumbs', async ({ page }) => {
    await page.goto('/asset-life/sites/S1/assets/A1');
    await expect(h1(page)).toHaveText('Major components of asset A1');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeVisible();
    await expectAccessible(page, 'a module screen with breadcrumbs');
  });

  test('the site-group selector, open, by mouse and by keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByText('Site groups:').click();
    await expect(page.getByRole('group', { name: 'Show only' })).toBeVisible();
    await expectAccessible(page, 'the open site-group selector');
    // Focus restyles the chrome's links; the panel's link must stay readable on the panel's white.
    await page.getByRole('checkbox').first().focus();
    const manage = page.getByRole('link', { name: 'Manage' });
    await tabTo(page, manage);
    await expectAccessible(page, 'the open site-group selector, its Manage link focused');
    await manage.hover();
    await expectReadable(manage, 'Manage under the pointer');
  });

  test('a page with unread notifications, the top bar naming their count', async ({ page }) => {
    await page.goto('/');
    // The demo notifications are unread for a user who has not opened the list.
    await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await expectAccessible(page, 'a page with unread notifications');
  });

  test('the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(h1(page)).toHaveText('Not found');
    await expectAccessible(page, 'the not-found page');
  });

  test('the export-control dialog', async ({ page }) => {
    await page.goto('/asset-life/sites/S1?showNistWarning=1');
    await expect(page.getByRole('alertdialog', { name: 'Export-controlled technical data' })).toBeVisible();
    await expectAccessible(page, 'the export-control dialog');
  });

  test('the mobile menu at 375 px, open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Modules' })).toBeVisible();
    await expectAccessible(page, 'the open mobile menu');
  });
});

test.describe('axe: settings, as staff', HARDENING, () => {
  test.use({ storageState: STAFF_STATE });

  test('Settings → Modules', async ({ page }) => {
    await page.goto('/settings/modules');
    await expect(h1(page)).toHaveText('Modules');
    await expect(page.getByRole('region', { name: 'Modules and exposure' })).toBeVisible();
    await expectAccessible(page, 'Settings → Modules');
  });

  test('Settings → Customers', async ({ page }) => {
    await page.goto('/settings/customers');
    await expect(h1(page)).toHaveText('Customers');
    await expect(page.getByRole('navigation', { name: 'Customers' })).toBeVisible();
    await expectAccessible(page, 'Settings → Customers');
  });

  test('the chrome with a customer chosen', async ({ page }) => {
    await page.goto('/settings/customers');
    const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Customer' });
    await switcher.fill('Acme');
    // Open, with its suggestions: the combobox and its listbox are checked as they are used.
    await expect(page.getByRole('option', { name: 'Acme Industrial (acme)' })).toBeVisible();
    await expectAccessible(page, 'the customer switcher open');
    await page.getByRole('option', { name: 'Acme Industrial (acme)' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Acting for Acme Industrial' })).toBeVisible();
    await expect(page.getByText('Site groups:')).toBeVisible();
    await expectAccessible(page, 'the staff chrome acting for a customer');
  });
});

// Issue 35: the screens people configure the platform on, the release draft and the notification badge
// pass axe with every rule it has on (AAA, best practices, experimental), not only WCAG 2.1 A and AA.
test.describe('axe with every rule: settings and the release draft, as staff acting for a customer', HARDENING, () => {
  test.use({ storageState: STAFF_STATE });
  test.beforeEach(async ({ page }) => {
    // Acting for acme, as staff do from the top bar: the screens about a customer show its data, not the prompt to choose one.
    await page.addInitScript(() => localStorage.setItem('platform.selectedCustomerId', 'acme'));
  });

  for (const [path, title] of [
    ['/settings/users', 'Users'],
    ['/settings/customers', 'Customers'],
    ['/settings/sitegroups', 'Site groups'],
    ['/settings/uploads', 'Uploads'],
    ['/settings/modules', 'Modules'],
    ['/settings/publishers', 'Publishers'],
    ['/settings/releases', 'Releases'],
    ['/settings/releases/draft', 'Release draft'],
  ] as const) {
    test(`${path} (${title})`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page)).toHaveText(title);
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Customer' })).toHaveValue('Acme Industrial');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoSeriousViolationsEveryRule(page, `${title} (${path})`);
    });
  }
});

test.describe('axe with every rule: a page with unread notifications', HARDENING, () => {
  test.use({ storageState: ENGINEER_STATE });

  test('the landing page, the top bar naming the unread count', async ({ page }) => {
    await page.goto('/');
    // The demo notifications are unread for a user who has not opened the list.
    await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoSeriousViolationsEveryRule(page, 'a page with unread notifications');
  });
});

// One account for both: setting up TOTP on the profile is what makes the sign-in ask for a code.
test.describe.serial('axe: profile TOTP set-up and the MFA code step', HARDENING, () => {
  const email = uniqueEmail('a11y-mfa');
  let secret = '';

  test('profile with the TOTP set-up open', async ({ page, request }) => {
    await createConfirmedAccount(request, email, PASSWORD);
    await page.goto('/login');
    await signInWithForm(page, email);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page, 'profile with the TOTP set-up open');
    secret = await page.getByLabel('Secret key').inputValue();
    await page.getByLabel('Authentication code').fill(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Multi-factor authentication is on:')).toBeVisible();
  });

  test('the MFA code step of sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(h1(page)).toHaveText('Enter your authentication code');
    await expectAccessible(page, 'the MFA code step');
  });
});

test.describe('keyboard', HARDENING, () => {
  test('signs in with the keyboard alone, Shift+Tab going back', async ({ page }) => {
    await openLogin(page);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(ACCOUNTS.engineer.email);
    await tabTo(page, page.getByLabel('Password'));
    await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
    // Back to the password, which was skipped, and fill it in.
    await tabTo(page, page.getByLabel('Password'), { back: true });
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(ACCOUNTS.engineer.landing);
    await expect(h1(page)).toHaveText(ACCOUNTS.engineer.h1);

    // On to another module through the navigation, still by keyboard.
    await tabTo(page, page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/life-cost');
    await expect(h1(page)).toHaveText('Life Cycle Cost');
  });

  test('the sign-in links are reached and followed with Tab and Enter', async ({ page }) => {
    await openLogin(page);
    await tabTo(page, page.getByRole('link', { name: 'Forgot your password?' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login/forgot');
    await expect(focused(page)).toHaveAccessibleName('Email');
    await tabTo(page, page.getByRole('link', { name: 'Back to sign in' }));
    await page.keyboard.press('Enter');
    await expect(h1(page)).toHaveText('Sign in');
  });

  test('a wrong password is announced in an alert', async ({ page }) => {
    await openLogin(page);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(ACCOUNTS.engineer.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`${PASSWORD}-wrong`);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/password/i);
    await expect(page).toHaveURL('/login');
  });

  test('the account navigation (profile, sign-out) works by keyboard', async ({ page }) => {
    // A session of its own, since it signs out.
    await page.goto('/login');
    await signInWithForm(page, ACCOUNTS.engineer.email);
    await tabTo(page, page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Erin Engineer' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/profile');
    await expect(h1(page)).toHaveText('Profile');
    await tabTo(page, page.getByRole('link', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/login');
  });

  test.describe('signed in', () => {
    test.use({ storageState: ENGINEER_STATE });

    test('the skip link is the first stop and moves focus to the main content', async ({ page }) => {
      await page.goto('/asset-life/sites');
      await expect(h1(page)).toHaveText('Sites');
      await page.keyboard.press('Tab');
      await expect(focused(page)).toHaveText('Skip to main content');
      await expectFocusIndicator(page);
      await page.keyboard.press('Enter');
      await expect(focused(page)).toHaveAttribute('id', 'main');
      // The next stop is inside the screen, past the chrome.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);
    });

    test('the site-group selector opens with Enter, toggles with Space, closes with Escape or by tabbing past it', async ({ page }) => {
      await page.goto('/');
      await expect(h1(page)).toHaveText(ACCOUNTS.engineer.h1);
      const summary = page.getByLabel(/^Site groups:/);
      await tabTo(page, summary);
      await page.keyboard.press('Enter');
      const choices = page.getByRole('group', { name: 'Show only' });
      await expect(choices).toBeVisible();
      await page.keyboard.press('Tab');
      await expectFocusIndicator(page);
      await expect(focused(page)).toHaveRole('checkbox');
      await page.keyboard.press('Space');
      await expect(summary).toHaveAccessibleName(/^Site groups: (?!all)/);
      await page.keyboard.press('Escape');
      await expect(choices).toBeHidden();
      await expect(summary).toBeFocused();

      // Tabbing on past the panel's last control closes it rather than leaving it over the page.
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByRole('link', { name: 'Manage' }));
      await page.keyboard.press('Tab');
      await expect(choices).toBeHidden();
    });

    test('the mobile menu opens with Enter and closes with Escape, focus back on its button', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/');
      await expect(h1(page)).toHaveText(ACCOUNTS.engineer.h1);
      const menu = page.getByRole('button', { name: 'Menu' });
      const modules = page.getByRole('navigation', { name: 'Modules' });
      await tabTo(page, menu);
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await tabTo(page, modules.getByRole('link', { name: 'Model Runtime' }));
      await page.keyboard.press('Escape');
      await expect(modules).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();

      await page.keyboard.press('Enter');
      await tabTo(page, modules.getByRole('link', { name: 'Life Cycle Cost' }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/life-cost');
      await expect(modules).toBeHidden();
    });

    test('the export-control dialog takes focus and closes with Enter on OK', async ({ page }) => {
      await page.goto('/asset-life/sites/S1?showNistWarning=1');
      const dialog = page.getByRole('alertdialog', { name: 'Export-controlled technical data' });
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(h1(page)).toHaveText('Site S1');
    });
  });

  test.describe('as staff', () => {
    test.use({ storageState: STAFF_STATE });

    test('the customer switcher is reached with Tab and changed with the arrow keys and Enter', async ({ page }) => {
      await page.goto('/settings/customers');
      await expect(h1(page)).toHaveText('Customers');
      const switcher = page.getByRole('banner').getByRole('combobox', { name: 'Customer' });
      await tabTo(page, switcher);
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { name: 'All customers', selected: true })).toBeVisible();
      // The suggestions come from the service; the arrow moves among those shown.
      await expect(page.getByRole('option', { name: 'Acme Industrial (acme)' })).toBeVisible();
      await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('option', { name: 'Acme Industrial (acme)', selected: true })).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Acting for Acme Industrial' })).toBeVisible();
      await expect(switcher).toHaveValue('Acme Industrial');
      // Focus stays on the switcher, so Shift+Tab and Tab go on from where the user was.
      await expect(switcher).toBeFocused();
    });
  });
});
