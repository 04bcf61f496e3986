import { expect, test, type Page } from '@playwright/test';
import type { ModuleView, Release, ReleaseList, UserManifest } from '@platform/schemas';
import { ACCOUNTS, ENGINEER_STATE, STAFF_STATE } from './support/accounts.ts';
import { routeCases, type RouteCase } from './support/routeCases.ts';
import { idTokenFor, manifestFor } from './support/signIn.ts';

// Issue 35, points 2 to 4: no screen of the staff manifest may be wider than a phone (375 px), and no table
// column may sit out of its container's view on a laptop (1280 px). One signed-in page visits every route
// by the router (no reload per screen), so the whole walk takes seconds. Decision 0073. The top bar keeps
// to one row from 1024 px up, for staff and for a customer's user (follow-up of issue 39).

// In order, in one worker: the phone's walk notes the screens with a table, which the laptop's then opens
// alone. Should the first fail, the second runs in a fresh worker and opens every screen.
test.describe.configure({ mode: 'default' });

const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1280, height: 900 };
const RELEASES = '/api/v1/admin/releases';

let page: Page;
let cases: RouteCase[];
/** The screens the phone's walk found a table on. */
let withTables: RouteCase[] | undefined;
/** The release this spec publishes (not activated): the history then has two, as the report's Modules screen had. */
let second: string;

test.beforeAll(async ({ browser, request }) => {
  const manifest: UserManifest = await manifestFor(request, ACCOUNTS.staff.email);
  const modules: ModuleView[] = [manifest.shell, manifest.dash, ...manifest.modules];
  const byPath = new Map<string, RouteCase>();
  for (const c of modules.flatMap((m) => routeCases(manifest, m))) {
    // /logout ends the shared session; /loading is the environment check, outside the frame.
    if (c.expectedPath === '/logout' || c.expectedPath === '/loading') continue;
    if (!byPath.has(c.expectedPath)) byPath.set(c.expectedPath, c);
  }
  cases = [...byPath.values()];

  // A second release, differing from the active one only in a module's name: published, never activated.
  const headers = { authorization: `Bearer ${await idTokenFor(request, ACCOUNTS.staff.email)}` };
  const state = (await (await request.get(RELEASES, { headers })).json()) as ReleaseList;
  const active = (await (await request.get(`${RELEASES}/${state.active}`, { headers })).json()) as Release;
  const td = active.files['td.json'] as { name: string };
  const files = { ...active.files, 'td.json': { ...td, name: `${td.name} (every width)` } };
  const published = await request.post(RELEASES, { headers, data: { files, reason: 'e2e: a second release, for every width' } });
  expect(published.ok()).toBe(true);
  second = ((await published.json()) as Release).id;

  const context = await browser.newContext({ storageState: STAFF_STATE, viewport: PHONE });
  // Acting for acme, as staff do from the top bar: the screens about a customer show its data (its uploads'
  // table), not the prompt to choose one.
  await context.addInitScript(() => localStorage.setItem('platform.selectedCustomerId', 'acme'));
  page = await context.newPage();
  await page.goto('/');
  await settled(page);
});

test.afterAll(async () => {
  await page.context().close();
});

/** The screen is drawn: nothing loading, its heading up, an export-control warning acknowledged as a user would. */
async function settled(p: Page, h1?: string) {
  const heading = p.getByRole('heading', { level: 1 });
  if (h1 !== undefined) await expect(heading).toHaveText(h1);
  else await expect(heading).toBeVisible();
  await expect(p.locator('[aria-busy="true"]')).toHaveCount(0);
  const warning = p.getByRole('alertdialog', { name: 'Export-controlled technical data' });
  if ((await warning.count()) > 0) {
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(warning).toHaveCount(0);
  }
}

/** Opens an address through the app's router, as a link would: the signed-in app stays loaded. */
async function open(c: RouteCase) {
  await page.evaluate((address) => {
    history.pushState(null, '', address);
    dispatchEvent(new PopStateEvent('popstate'));
  }, c.address);
  await expect.poll(() => page.evaluate(() => location.pathname)).toBe(c.expectedPath);
  await settled(page, c.h1);
}

/**
 * What a phone user cannot reach or read, each named by tag, class and text:
 * - an element past the right edge of the viewport, or of the screen's card it sits in (outermost first).
 *   One inside a sideways scroller (overflow-x auto or scroll) that itself fits is reachable: left out;
 * - such a scroller that hides part of its content silently: without a scrollbar shown, or not reachable
 *   by keyboard;
 * - a link of a navigation strip not wholly in view (a tab cut mid-word).
 */
function sticksOut(): Promise<string[]> {
  return page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const edge = (el: Element) => Math.min(vw, el.closest('article.screen')?.getBoundingClientRect().right ?? vw);
    const past = (el: Element) => el.getBoundingClientRect().right > edge(el) + 1;
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    // A scroller clips what it holds, unless that is positioned against an ancestor outside it.
    const clips = (a: Element, el: Element) => {
      const position = getComputedStyle(el).position;
      if (position === 'fixed') return false;
      const against = (el as HTMLElement).offsetParent;
      return position !== 'absolute' || (against !== null && a.contains(against));
    };
    const inFittingScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (scrolls(a) && !past(a) && clips(a, el)) return true;
      return false;
    };
    const name = (el: Element, over = el.getBoundingClientRect().right - edge(el)) => {
      const classes = Array.from(el.classList)
        .map((c) => `.${c}`)
        .join('');
      const label = el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes} "${label}" (+${Math.round(over)} px)`;
    };
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const box = el.getBoundingClientRect();
      if ((box.width === 0 && box.height === 0) || !past(el) || inFittingScroller(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && past(el.parentElement)) continue;
      found.push(name(el));
    }
    // Text that cannot break (a long id) overflows its element's box without widening the element.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const parent = text.parentElement;
      if (!parent || past(parent) || inFittingScroller(parent) || !text.textContent?.trim()) continue;
      range.selectNodeContents(text);
      const over = range.getBoundingClientRect().right - edge(parent);
      if (over > 1 && getComputedStyle(parent).overflowX === 'visible') found.push(`the text of ${name(parent, over)}`);
    }
    for (const el of Array.from(document.querySelectorAll('main *'))) {
      if (!scrolls(el) || el.scrollWidth <= el.clientWidth + 1 || !el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      // Headless Chromium draws no scrollbars: one styled to be drawn counts as drawn.
      const drawn = el.clientHeight < (el as HTMLElement).offsetHeight - parseFloat(style.borderTopWidth) - parseFloat(style.borderBottomWidth);
      const bar = style.scrollbarWidth !== 'none' && (drawn || style.scrollbarColor !== 'auto');
      // Reached by Tab itself, or through what it holds (Tab to a link scrolls it into view), as axe's scrollable-region-focusable has it.
      const reachable =
        (el as HTMLElement).tabIndex >= 0 || el.querySelector('a[href], button, input, select, textarea, [tabindex], [contenteditable="true"]') !== null;
      if (!bar || !reachable) {
        found.push(
          `${name(el, el.scrollWidth - el.clientWidth)} scrolls sideways unseen (${bar ? 'scrollbar shown' : 'no scrollbar'}, ${reachable ? 'reached by keyboard' : 'not reached by keyboard'})`,
        );
      }
    }
    for (const link of Array.from(document.querySelectorAll('nav a'))) {
      if (!link.checkVisibility()) continue;
      const box = link.getBoundingClientRect();
      let right = vw;
      for (let a = link.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') right = Math.min(right, a.getBoundingClientRect().left + a.clientLeft + a.clientWidth);
      }
      if (box.right > right + 1 || box.left < -1) found.push(`${name(link, box.right - right)} is cut`);
    }
    // Also what escapes the scroller it sits in (positioned against an ancestor outside it) widens the page.
    if (document.documentElement.scrollWidth > vw + 1) {
      const widest = Array.from(document.body.querySelectorAll('*')).reduce((a, b) =>
        b.getBoundingClientRect().right > a.getBoundingClientRect().right ? b : a,
      );
      found.push(`the page itself (${document.documentElement.scrollWidth} px), reaching furthest: ${name(widest)} ${getComputedStyle(widest).position}`);
    }
    return found;
  });
}

/** Each column header whose box is not wholly inside the visible box of its scroller (or of the viewport). */
function columnsOutOfView(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const th of Array.from(document.querySelectorAll('thead th, th[scope="col"]'))) {
      if (!th.checkVisibility() || th.closest('.visually-hidden')) continue;
      const box = th.getBoundingClientRect();
      let left = 0;
      let right = document.documentElement.clientWidth;
      for (let a = th.parentElement; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).overflowX === 'visible') continue;
        const outer = a.getBoundingClientRect();
        left = outer.left + a.clientLeft;
        right = left + a.clientWidth;
        break;
      }
      if (box.left < left - 1 || box.right > right + 1) {
        const table = th.closest('table');
        const tableName = table?.getAttribute('aria-label') ?? table?.querySelector('caption')?.textContent ?? '';
        found.push(
          `"${th.textContent?.trim()}" of table "${tableName}" (${Math.round(box.left)}–${Math.round(box.right)} px, visible ${Math.round(left)}–${Math.round(right)} px)`,
        );
      }
    }
    return found;
  });
}

test('no screen of the staff manifest is wider than a 375 px phone, in the states reported too', async () => {
  await page.setViewportSize(PHONE);
  const wide: Record<string, string[]> = {};
  const tables: RouteCase[] = [];
  for (const c of cases) {
    await open(c);
    const found = await sticksOut();
    if (found.length) wide[c.expectedPath] = found;
    if ((await page.locator('table').count()) > 0) tables.push(c);
  }
  withTables = tables;

  // The history: every step of every release in view without scrolling, then its pilot form open.
  await open({ address: '/settings/releases', expectedPath: '/settings/releases', h1: 'Releases', breadcrumbs: true });
  const steps = page.getByRole('table', { name: 'Releases' }).locator('button, a');
  expect(await steps.count()).toBeGreaterThan(3);
  const outOfView = await steps.evaluateAll((all) =>
    all.filter((s) => s.getBoundingClientRect().right > document.documentElement.clientWidth || s.getBoundingClientRect().left < 0).map((s) => s.textContent),
  );
  if (outOfView.length) wide['/settings/releases: steps out of view'] = outOfView.map(String);
  await page.locator(`tr[data-release="${second}"]`).getByRole('button', { name: 'Pilot…' }).click();
  await expect(page.getByRole('region', { name: `Pilot ${second}` })).toBeVisible();
  const pilot = await sticksOut();
  if (pilot.length) wide['/settings/releases with Pilot… open'] = pilot;

  expect(cases.length).toBeGreaterThan(100);
  expect(wide, 'screens wider than the phone, and the elements that stick out').toEqual({});
});

test('no table column is out of its container’s view at 1280 px', async () => {
  await page.setViewportSize(LAPTOP);
  const cut: Record<string, string[]> = {};
  let tables = 0;
  for (const c of withTables ?? cases) {
    await open(c);
    if ((await page.locator('table').count()) === 0) continue;
    tables += 1;
    const found = await columnsOutOfView();
    if (found.length) cut[c.expectedPath] = found;
  }
  expect(tables, 'screens with a table').toBeGreaterThan(3);
  expect(cut, 'table columns out of view at 1280 px').toEqual({});
});

/**
 * The top bar's controls off its first row (the brand's) or past the viewport's right edge, each named by
 * its text: what wrapped onto a second line or overflowed. Empty when the bar is one line that fits.
 */
function offTheTopRow(p: Page): Promise<string[]> {
  return p.getByRole('banner').evaluate((bar) => {
    const row = bar.querySelector('.brand')?.getBoundingClientRect();
    if (!row) return ['no brand in the top bar'];
    const middle = (box: DOMRect) => box.top + box.height / 2;
    const found: string[] = [];
    for (const el of Array.from(bar.querySelectorAll('a, button, input, summary'))) {
      if (!el.checkVisibility() || el.closest('.site-group-panel, .skip-link')) continue;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()} "${el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ') ?? ''}"`;
      if (Math.abs(middle(box) - middle(row)) > row.height / 2)
        found.push(`${name} on another row (${Math.round(box.top)} px, the brand at ${Math.round(row.top)} px)`);
      if (box.right > document.documentElement.clientWidth + 1) found.push(`${name} past the right edge (${Math.round(box.right)} px)`);
    }
    if (bar.scrollWidth > bar.clientWidth + 1) found.push(`the bar itself scrolls (${bar.scrollWidth} px in ${bar.clientWidth} px)`);
    return found;
  });
}

for (const who of [
  { name: 'staff acting for acme', state: STAFF_STATE },
  { name: 'a customer’s engineer', state: ENGINEER_STATE },
]) {
  test(`the top bar is one row from 1024 px up, for ${who.name}, and the phone's menu still opens under it`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: who.state, viewport: LAPTOP });
    // The widest bar staff have: a customer in the switcher, its site groups beside it.
    await context.addInitScript(() => localStorage.setItem('platform.selectedCustomerId', 'acme'));
    const p = await context.newPage();
    await p.goto('/');
    await settled(p);
    await expect(p.getByRole('banner').getByRole('link', { name: /^Notifications/ })).toBeVisible();
    const wrapped: Record<number, string[]> = {};
    for (const width of [1920, 1440, 1280, 1024]) {
      await p.setViewportSize({ ...LAPTOP, width });
      const found = await offTheTopRow(p);
      if (found.length) wrapped[width] = found;
    }
    expect(wrapped, 'top bar controls that wrapped or overflowed, by viewport width').toEqual({});

    // On a phone the bar is the brand, the search and the menu button; the rest opens beneath them.
    await p.setViewportSize(PHONE);
    await expect(p.getByRole('banner').getByRole('link', { name: 'Sign out' })).toBeHidden();
    await p.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(p.getByRole('banner').getByRole('link', { name: 'Sign out' })).toBeVisible();
    await context.close();
  });
}
