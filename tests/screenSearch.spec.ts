import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { manifestFor } from './support/signIn.ts';

// The screen search (issue 35, decision 0072): Ctrl+K anywhere opens a search of the screens the
// signed-in user may open, built from their manifest.
test.describe.configure({ mode: 'parallel' });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search screens' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Screen or module' });

/** What the page's Content Security Policy refused, as the console reports it. */
function refusedByPolicy(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test.describe('screen search, for staff', () => {
  test.use({ storageState: STAFF_STATE });

  test('Ctrl+K, a few letters and Enter open the screen', async ({ page }) => {
    const refused = refusedByPolicy(page);
    await page.goto(ACCOUNTS.staff.landing);
    await expect(h1(page)).toHaveText(ACCOUNTS.staff.h1);
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await searchBox(page).pressSequentially('release dr');
    await expect(searchDialog(page).getByRole('option')).toHaveText(['Release draft Settings']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/settings/releases/draft');
    await expect(h1(page)).toHaveText('Release draft');
    await expect(searchDialog(page)).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('the top bar button opens it, Escape closes it and focus goes back to the button', async ({ page }) => {
    await page.goto('/settings/customers');
    const button = page.getByRole('button', { name: /^Search screens/ });
    await button.click();
    await expect(searchBox(page)).toBeFocused();
    // Tab stays in the dialog: the page behind it is out of reach.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveCount(1);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('Ctrl+K opens the search from inside the release JSON editor too, and the editor keeps its text', async ({ page }) => {
    await page.goto('/settings/releases/draft');
    const editor = page.getByRole('textbox', { name: /as JSON$/ });
    await editor.click();
    const before = await editor.textContent();
    await page.keyboard.press('Control+k');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(editor).toBeFocused();
    expect(await editor.textContent()).toBe(before);
  });

  test('a screen that needs parameters asks for them, then opens', async ({ page }) => {
    await page.goto(ACCOUNTS.staff.landing);
    await expect(h1(page)).toHaveText(ACCOUNTS.staff.h1);
    await page.keyboard.press('Control+k');
    await searchBox(page).pressSequentially('asset life site');
    await searchDialog(page).getByRole('option', { name: 'Site … Asset Life (asks for Site id)' }).click();
    const form = page.getByRole('dialog', { name: 'Open Site …' });
    await form.getByRole('textbox', { name: 'Site id' }).fill('S1');
    await form.getByRole('button', { name: 'Open' }).click();
    await expect(page).toHaveURL('/asset-life/sites/S1');
    await expect(h1(page)).toHaveText('Site S1');
  });

  for (const width of [1280, 375]) {
    test(`the open dialog at ${width} px: nothing serious for axe, within the viewport`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await page.goto(ACCOUNTS.staff.landing);
      await expect(h1(page)).toHaveText(ACCOUNTS.staff.h1);
      await page.screenshot({ path: testInfo.outputPath(`top-bar-${width}.png`) });
      await page.getByRole('button', { name: /^Search screens/ }).click();
      await expect(searchBox(page)).toBeFocused();
      await expect(searchDialog(page).getByRole('option').first()).toBeVisible();
      await expectNoSeriousViolations(page, `the screen search at ${width} px`);
      const box = await searchDialog(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`screen-search-${width}.png`) });
      await searchBox(page).pressSequentially('cost proj');
      await page.screenshot({ path: testInfo.outputPath(`screen-search-${width}-typed.png`) });
    });
  }
});

test.describe('screen search, for a customer user', () => {
  test.use({ storageState: ENGINEER_STATE });

  test('never lists staff-only Settings screens nor modules the user lacks', async ({ page, request }) => {
    const [staff, engineer] = await Promise.all([manifestFor(request, ACCOUNTS.staff.email), manifestFor(request, ACCOUNTS.engineer.email)]);
    const theirs = new Set(engineer.modules.map((m) => m.key));
    const lacked = staff.modules.filter((m) => !theirs.has(m.key));
    expect(lacked.length).toBeGreaterThan(0);

    await page.goto(ACCOUNTS.engineer.landing);
    await expect(h1(page)).toHaveText(ACCOUNTS.engineer.h1);
    await page.keyboard.press('Control+k');
    await searchBox(page).pressSequentially('settings');
    await expect(searchDialog(page).getByRole('option')).toHaveText(['Settings Dashboard', 'Users Settings', 'Site groups Settings', 'Uploads Settings']);
    for (const module of lacked) {
      await searchBox(page).fill(module.name);
      await expect(searchDialog(page).getByRole('option').filter({ hasText: module.name })).toHaveCount(0);
    }
    await searchBox(page).fill('exports');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/asset-life/exports');
    await expect(h1(page)).toHaveText('Exports');
  });
});
