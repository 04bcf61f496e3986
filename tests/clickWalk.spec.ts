import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { UserManifest } from '@platform/schemas';
import { STAFF_STATE } from './support/accounts.ts';
import { bestPattern, signedInRoutes } from './support/routePatterns.ts';

// Issue 27, point 5: no screen of a user's manifest may be reachable only by typing its address. From
// the landing page, by clicking links and filling the forms that ask for an address's parameters (no
// address typed after the start), a breadth-first walk must reach every route of the staff manifest
// (staff see every module). A route counts as reached once the app's location matches its pattern,
// even on the way through a redirect (a domain's own address goes on to its jobs).

test.use({ storageState: STAFF_STATE });

/** A click the walk can make again: a link, by its address, or a parameter form, by its name. */
type Step = { kind: 'link'; href: string } | { kind: 'form'; name: string; fields: string[] };

/** The staff's ID token from the stored session, where the app keeps it (decision 0045). */
function storedIdToken(): string {
  const state = JSON.parse(readFileSync(STAFF_STATE, 'utf8')) as { origins: { localStorage: { name: string; value: string }[] }[] };
  const entry = state.origins.flatMap((o) => o.localStorage).find((e) => e.name.endsWith('.idToken'));
  if (!entry) throw new TypeError(`no ID token in ${STAFF_STATE}`);
  return entry.value;
}

/** What the walk types into a field: from its label, so the value shows which field it came from. */
const valueFor = (label: string) => `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-7`;
const sameStep = (a: Step, b: Step) => JSON.stringify(a) === JSON.stringify(b);
// Read from the page, not page.url(): the browser's events about a navigation can trail the page
// that has already drawn the screen a redirect went on to.
const pathOf = (page: Page) => page.evaluate(() => location.pathname);
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * The page is drawn: nothing on its way and its one heading up, with the export-control warning of a
 * marked screen (drawn with the screen) acknowledged as a user would.
 */
async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(h1(page)).toBeVisible();
  const warning = page.getByRole('alertdialog', { name: 'Export-controlled technical data' });
  if ((await warning.count()) > 0) {
    await warning.getByRole('button', { name: 'OK' }).click();
    await expect(warning).toHaveCount(0);
  }
}

/**
 * Takes one step and waits for the screen it leads to. Every screen renders afresh at a new address,
 * so the heading of the page left behind going away is the sign the next one is being drawn.
 */
async function take(page: Page, step: Step) {
  // A link to where the page already is goes nowhere: there is nothing to wait for.
  if (step.kind === 'link' && new URL(step.href, page.url()).pathname === (await pathOf(page))) return;
  const before = await h1(page).elementHandle();
  if (step.kind === 'link') {
    await page
      .getByRole('link')
      .and(page.locator(`[href="${step.href}"]`))
      .filter({ visible: true })
      .first()
      .click();
  } else {
    const form = page.getByRole('form', { name: step.name, exact: true });
    for (const label of step.fields) await form.getByRole('textbox', { name: label, exact: true }).fill(valueFor(label));
    await form.getByRole('button', { name: 'Open' }).click();
  }
  if (before) await page.waitForFunction((heading) => !heading.isConnected, before, { polling: 'raf' });
  await settled(page);
}

/** The addresses of the page's visible links into the app, leaving out the one that signs out. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.getByRole('link').evaluateAll((links) => links.filter((a) => a.checkVisibility()).map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs)].filter((href) => href.startsWith('/') && !href.startsWith('/api/') && href !== '/logout');
}

/** The page's forms that ask for an address's parameters, each with its fields' labels. */
async function paramFormsOn(page: Page): Promise<Step[]> {
  const steps: Step[] = [];
  for (const form of await page.getByRole('form', { name: /^Open / }).all()) {
    const name = (await form.getAttribute('aria-label')) ?? '';
    const fields = await form.getByRole('textbox').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    steps.push({ kind: 'form', name, fields });
  }
  return steps;
}

test('every route of the staff manifest is reached by clicking from the landing page', async ({ page }) => {
  // About 130 screens, each reached again from the landing page by its clicks: minutes, not seconds.
  test.setTimeout(6 * 60_000);
  const answer = await page.request.get('/api/v1/manifest', { headers: { authorization: `Bearer ${storedIdToken()}` } });
  expect(answer.ok()).toBe(true);
  const manifest = (await answer.json()) as UserManifest;
  const routes = signedInRoutes(manifest);
  const keyOf = (pathname: string) => bestPattern(routes, pathname) ?? pathname;

  const seen = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.add(new URL(frame.url()).pathname);
  });
  await page.goto('/');
  await settled(page);
  const landing = await pathOf(page);

  let here: Step[] = [];
  /**
   * Gets to the page a list of steps leads to from the landing page, by clicking only. A link leads to
   * the same screen from wherever it is clicked, so the steps are taken from the last link this page
   * also has (often the module's, in the sidebar), or else from the landing page.
   */
  async function follow(steps: Step[]) {
    let from = 0;
    if (here.length <= steps.length && here.every((s, i) => sameStep(s, steps[i] as Step))) from = here.length;
    else {
      const hrefs = new Set(await linksOn(page));
      from = steps.findLastIndex((s) => s.kind === 'link' && hrefs.has(s.href));
      if (from < 0) {
        await take(page, { kind: 'link', href: landing });
        from = 0;
      }
    }
    for (const step of steps.slice(from)) await take(page, step);
    here = steps;
    seen.add(await pathOf(page));
  }

  const queue: Step[][] = [[]];
  const planned = new Set<string>([keyOf(landing)]);
  const explored = new Set<string>();
  while (queue.length) {
    const steps = queue.shift() as Step[];
    await follow(steps);
    const key = keyOf(await pathOf(page));
    if (explored.has(key)) continue;
    explored.add(key);
    for (const href of await linksOn(page)) {
      const target = keyOf(new URL(href, page.url()).pathname);
      if (planned.has(target)) continue;
      planned.add(target);
      queue.push([...steps, { kind: 'link', href }]);
    }
    for (const form of await paramFormsOn(page)) queue.push([...steps, form]);
  }

  const reached = new Set([...seen].map((path) => bestPattern(routes, path)));
  const missed = routes.filter((r) => r.screen && !reached.has(r.pattern)).map((r) => `${r.pattern} (${r.name})`);
  expect(missed, 'routes of the staff manifest no click reaches').toEqual([]);
  expect(routes.filter((r) => r.screen).length).toBeGreaterThan(100);
});
