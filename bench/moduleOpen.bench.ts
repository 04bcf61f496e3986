// Benchmark 9: opening a module whose screens come from a bundle (issue 28), beside the same module's
// screen compiled into the shell. Life Cycle Cost for two customers of one release: a pilot for acme
// names the lcc fixture bundle (tests/fixtures/bundles/lcc), initech keeps the generic screen. Timed
// in the page, from the click on the sidebar's link to the screen's own content in the document:
// cold (a fresh browser context: the bundle loader, the shared files and the bundle's files, or the
// generic screen's chunk, fetched for the first time) and warm (the same page, after leaving for
// another module: everything already loaded).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import type { ReleaseFiles } from '@platform/schemas';
import { packBundle } from '../config-service/src/bundles/packBundle.ts';
import { ReleasesClient } from '../config-service/src/cli/releasesClient.ts';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { launchChromium } from './support/browser.ts';
import { builtWebDist } from './support/webDist.ts';
import { fmt, median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const PASSWORD = 'Demo-Passw0rd!';
/** Two customers' users with the same modules and landing: acme's is in the pilot naming the bundle. */
const SIDES = {
  bundle: { email: 'engineer@acme.example', marker: 'Bundle screen for' },
  generic: { email: 'planner@initech.example', marker: 'Nothing to show here yet.' },
} as const;
type Side = keyof typeof SIDES;
const COLD_RATIO_LIMIT = 2;
const WARM_RATIO_LIMIT = 1.5;

/** Signs in once; the session (tokens in local storage) starts every measured context. */
async function session(browser: Browser, base: string, email: string): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Clicks the sidebar's link to Life Cycle Cost: the ms from the click to `marker` in the main area,
 * and to the end of the last script the click made the page fetch (0 when it fetched none).
 */
async function openLcc(page: Page, marker: string): Promise<{ shown: number; fetched: number }> {
  await page.evaluate((text) => {
    const clock = window as unknown as { clickedAt?: number; shownAt?: number };
    clock.clickedAt = undefined;
    clock.shownAt = undefined;
    document.addEventListener('click', () => (clock.clickedAt = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (document.querySelector('main')?.textContent?.includes(text) && document.querySelector('main h1')?.textContent === 'Life Cycle Cost') {
        clock.shownAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  }, marker);
  await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' }).click();
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const clock = window as unknown as { clickedAt: number; shownAt: number };
    const fetched = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.startTime >= clock.clickedAt);
    return { shown: clock.shownAt - clock.clickedAt, fetched: Math.max(0, ...fetched.map((r) => r.responseEnd - clock.clickedAt)) };
  });
}

/** One cold and one warm open in a fresh context (an empty cache), starting on the landing page. */
async function opens(
  browser: Browser,
  base: string,
  side: Side,
  state: BrowserContextOptions['storageState'],
): Promise<{ cold: number; warm: number; coldFetched: number }> {
  const context = await browser.newContext({ storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/asset-life`);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Sites', undefined, { timeout: 60_000 });
    // Not "network idle": the page's event stream stays open for good.
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Life Cycle Cost' }).waitFor();
    const cold = await openLcc(page, SIDES[side].marker);
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: 'Asset Life' }).click();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Sites', undefined, { timeout: 60_000 });
    const warm = await openLcc(page, SIDES[side].marker);
    return { cold: cold.shown, warm: warm.shown, coldFetched: cold.fetched };
  } finally {
    await context.close();
  }
}

const benchmark: Benchmark = {
  name: 'moduleopen',
  title: 'Module open: a bundle screen next to the same module’s compiled-in screen',
  async run({ root, quick, log }) {
    const dist = builtWebDist(root, log);
    const runs = quick ? 3 : 10;
    const warmups = 1;
    const dir = mkdtempSync(join(tmpdir(), 'bench-module-open-'));
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'info', WEB_DIST: dist } });
    const { browser, pinnedTo } = await launchChromium({ cpu: 1 });
    log(
      `service on CPU 0 at ${service.base}; Chromium ${pinnedTo === undefined ? 'unpinned' : `on CPU ${pinnedTo}`}; ${runs} runs each after ${warmups} warm-up; logs in ${dir}`,
    );
    const times: Record<Side, { cold: number[]; warm: number[]; coldFetched: number[] }> = {
      bundle: { cold: [], warm: [], coldFetched: [] },
      generic: { cold: [], warm: [], coldFetched: [] },
    };
    try {
      // The module team's release: the fixture bundle uploaded and named in a pilot for acme.
      const staff = new ReleasesClient(service.base, await idToken(service, 'staff@demo.local'));
      await staff.uploadBundle('lcc', '1.0.0', await packBundle(join(root, 'tests/fixtures/bundles/lcc')));
      const before = await staff.list();
      const files = (await staff.get(before.active)).files;
      const reason = 'bench: lcc screens for acme';
      const { release } = await staff.publish(
        { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version: '1.0.0' } } } as ReleaseFiles,
        reason,
      );
      await staff.pilot(release.id, ['acme'], reason, before.active);

      // The browser reaches only localhost (support/browser.ts); the service answers on both names.
      const base = service.base.replace('127.0.0.1', 'localhost');
      const sessions = { bundle: await session(browser, base, SIDES.bundle.email), generic: await session(browser, base, SIDES.generic.email) };
      for (let i = 0; i < warmups; i++) for (const side of ['bundle', 'generic'] as const) await opens(browser, base, side, sessions[side]);
      // Interleaved, so a slow spell of the machine falls on both sides alike.
      for (let i = 0; i < runs; i++) {
        for (const side of ['bundle', 'generic'] as const) {
          const { cold, warm, coldFetched } = await opens(browser, base, side, sessions[side]);
          times[side].cold.push(cold);
          times[side].warm.push(warm);
          times[side].coldFetched.push(coldFetched);
        }
      }
    } finally {
      await browser.close();
      await service.stop();
    }

    const row = (side: Side, when: 'cold' | 'warm') => {
      const list = times[side][when];
      return { side, when, medianMs: median(list), p90Ms: percentile(list, 90), minMs: Math.min(...list), runs: list };
    };
    const rows = [row('bundle', 'cold'), row('generic', 'cold'), row('bundle', 'warm'), row('generic', 'warm')];
    const ratio = (when: 'cold' | 'warm') => median(times.bundle[when]) / median(times.generic[when]);
    log(
      `cold: bundle ${fmt(median(times.bundle.cold))} ms, generic ${fmt(median(times.generic.cold))} ms; warm: bundle ${fmt(median(times.bundle.warm))} ms, generic ${fmt(median(times.generic.warm))} ms`,
    );
    return {
      figures: {
        runs,
        rows,
        coldRatio: ratio('cold'),
        warmRatio: ratio('warm'),
        coldFilesFetchedMedianMs: { bundle: median(times.bundle.coldFetched), generic: median(times.generic.coldFetched) },
      },
      targets: [
        target('module open, bundle ÷ compiled-in screen, cold', ratio('cold'), 'max', COLD_RATIO_LIMIT, '×'),
        target('module open, bundle ÷ compiled-in screen, warm', ratio('warm'), 'max', WARM_RATIO_LIMIT, '×'),
      ],
      report: [
        `Median of ${runs} runs each, interleaved, each in a fresh browser context signed in beforehand, starting on /asset-life once its sidebar shows. From the click on "Life Cycle Cost" in the sidebar to the screen's own text in the main area: the bundle's ("${SIDES.bundle.marker}", ${SIDES.bundle.email}, in a pilot naming the lcc fixture bundle) and the compiled-in generic screen's ("${SIDES.generic.marker}", ${SIDES.generic.email}). Cold: the first open in the page; warm: the second, after Asset Life. Ratio cold **${fmt(ratio('cold'))}×**, warm **${fmt(ratio('warm'))}×**. On a cold open the last file the click fetched was in after ${fmt(median(times.bundle.coldFetched))} ms for the bundle and ${fmt(median(times.generic.coldFetched))} ms for the generic screen (medians, Resource Timing).`,
        '',
        ...table(
          ['screen', 'open', 'median ms', 'p90 ms', 'min ms'],
          rows.map((r) => [r.side === 'bundle' ? 'bundle (lcc 1.0.0)' : 'compiled-in generic', r.when, r.medianMs, r.p90Ms, r.minMs]),
        ),
      ],
      notes: [
        'A cold bundle open fetches the loader chunk, bundle.json, the shared files (react, react/jsx-runtime, the SDK) and the bundle’s files side by side, each checked against the page’s import map; a cold generic open fetches the generic screen’s chunk.',
      ],
    };
  },
};

export default benchmark;
