// Benchmark 4: from pressing "Sign in" to the landing screen's h1, in Chromium, next to loading a
// static page from the same server. Both are timed by the page's own clock: the sign-in from the
// form's submit event to the moment the landing screen's h1 is in the document (a MutationObserver);
// the static page from its navigation's start to the end of its load event (Navigation Timing).
// The static page is the app's own page, /login, with JavaScript off: the same handler, nonce and
// policy, and the same style sheet, with no script run, opened in a tab already on the service. Each run is a fresh browser context, so
// nothing is cached from the run before. Router build time: the User Timing measure buildRoutes
// leaves for the manifest the user signed in to.
import { existsSync, mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { startService } from '../config-service/src/testing/serviceProcess.ts';
import { launchChromium } from './support/browser.ts';
import { fmt, median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const ACCOUNTS = { customer: 'engineer@acme.example', staff: 'staff@demo.local' } as const;
const PASSWORD = 'Demo-Passw0rd!';
const RATIO_LIMIT = 3;
/** web/src/app/buildRoutes.tsx's ROUTER_BUILD_MEASURE. */
const ROUTER_BUILD_MEASURE = 'router:build';

interface SignInRun {
  ms: number;
  landing: string;
  heading: string;
  routerBuildMs: number;
  modules: number;
}

/** One sign-in in a fresh context: the login page loaded and filled in before the clock starts. */
async function signIn(browser: Browser, base: string, email: string): Promise<SignInRun> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      const clock = window as unknown as { submittedAt?: number; landedAt?: number };
      document.addEventListener('submit', () => (clock.submittedAt ??= performance.now()), true);
      // Landed: an h1 that is not the loading state, on an address that is not the login page.
      new MutationObserver(() => {
        if (clock.submittedAt === undefined || clock.landedAt !== undefined || location.pathname.startsWith('/login')) return;
        const heading = document.querySelector('main h1')?.textContent;
        if (heading && heading !== 'Loading…') clock.landedAt = performance.now();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    // What a person does in the seconds of typing: the page is at rest when they press the button.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => (window as unknown as { landedAt?: number }).landedAt !== undefined, undefined, { timeout: 30_000 });
    return await page.evaluate((measureName) => {
      const clock = window as unknown as { submittedAt: number; landedAt: number };
      const builds = performance.getEntriesByName(measureName, 'measure') as PerformanceMeasure[];
      // The build for the signed-in user's manifest: the last one, with modules mounted.
      const build = builds.filter((m) => ((m.detail as { modules?: number } | null)?.modules ?? 0) > 0).at(-1);
      return {
        ms: clock.landedAt - clock.submittedAt,
        landing: location.pathname,
        heading: document.querySelector('main h1')?.textContent ?? '',
        routerBuildMs: build?.duration ?? Number.NaN,
        modules: (build?.detail as { modules?: number } | null)?.modules ?? 0,
      };
    }, ROUTER_BUILD_MEASURE);
  } finally {
    await context.close();
  }
}

/**
 * The static page in a fresh context with JavaScript off: navigation start to load event end. The tab
 * has first opened a small JSON answer of the same service, so that, as for the sign-in, which starts
 * on an open page, its renderer and connection already exist; its cache is as cold as the sign-in's.
 */
async function staticPage(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/api/v1/config`);
    await page.goto(`${base}/login`, { waitUntil: 'load' });
    // Playwright's evaluate runs even with the page's scripts off.
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return navigation!.loadEventEnd - navigation!.startTime;
    });
  } finally {
    await context.close();
  }
}

const benchmark: Benchmark = {
  name: 'signin',
  title: 'Sign-in to landing next to a static page',
  async run({ root, quick, log }) {
    const dist = join(root, 'web/dist');
    if (!existsSync(join(dist, 'index.html'))) {
      log('web/dist is not built: npm run build');
      const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    }
    const runs = quick ? 3 : 10;
    const warmups = quick ? 1 : 2;
    const dir = mkdtempSync(join(tmpdir(), 'bench-signin-'));
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'info', WEB_DIST: dist } });
    const { browser, pinnedTo } = await launchChromium({ cpu: 1 });
    log(`service on CPU 0 at ${service.base}; Chromium ${pinnedTo === undefined ? 'unpinned' : `on CPU ${pinnedTo}`}; ${runs} runs each after ${warmups} warm-up; logs in ${dir}`);
    const signIns: Record<keyof typeof ACCOUNTS, SignInRun[]> = { customer: [], staff: [] };
    const statics: number[] = [];
    try {
      for (let i = 0; i < warmups; i++) {
        await staticPage(browser, service.base);
        for (const email of Object.values(ACCOUNTS)) await signIn(browser, service.base, email);
      }
      // Interleaved, so a slow spell of the machine falls on all three alike.
      for (let i = 0; i < runs; i++) {
        statics.push(await staticPage(browser, service.base));
        for (const [account, email] of Object.entries(ACCOUNTS) as Array<[keyof typeof ACCOUNTS, string]>) {
          signIns[account].push(await signIn(browser, service.base, email));
        }
      }
    } finally {
      await browser.close();
      await service.stop();
    }

    const staticMedian = median(statics);
    const summary = (Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>).map((account) => {
      const list = signIns[account];
      const ms = list.map((r) => r.ms);
      const builds = list.map((r) => r.routerBuildMs);
      return {
        account,
        email: ACCOUNTS[account],
        landing: `${list[0]!.landing} ("${list[0]!.heading}")`,
        modules: list[0]!.modules,
        medianMs: median(ms),
        p90Ms: percentile(ms, 90),
        minMs: Math.min(...ms),
        ratio: median(ms) / staticMedian,
        routerBuildMedianMs: median(builds),
        routerBuildMaxMs: Math.max(...builds),
        runs: ms,
      };
    });
    log(`static page median ${fmt(staticMedian)} ms; ${summary.map((s) => `${s.account} sign-in median ${fmt(s.medianMs)} ms`).join(', ')}`);

    return {
      figures: {
        runs,
        staticPage: { what: '/login with JavaScript off: the page and its style sheet', medianMs: staticMedian, p90Ms: percentile(statics, 90), runs: statics },
        signIn: summary,
      },
      targets: summary.map((s) => target(`sign-in to landing ÷ static page (${s.account})`, s.ratio, 'max', RATIO_LIMIT, '×')),
      report: [
        `Median of ${runs} runs each, interleaved, each in a fresh browser context (nothing cached). Static page: /login served by the same service with JavaScript off (the page with its nonce and policy, and the style sheet), opened in a tab already on the service, navigation start to load event end: **${fmt(staticMedian)} ms** (p90 ${fmt(percentile(statics, 90))} ms).`,
        '',
        ...table(
          ['account', 'landing', 'sign-in median ms', 'p90 ms', 'min ms', 'ratio to static', 'router build median ms (modules)'],
          summary.map((s) => [s.email, s.landing, s.medianMs, s.p90Ms, s.minMs, `${fmt(s.ratio)}×`, `${fmt(s.routerBuildMedianMs)} (${s.modules})`]),
        ),
      ],
      notes: [
        'Sign-in is timed in the page, from the form\'s submit event to the landing h1 entering the document; it includes the identity provider\'s round trips, the manifest request, the frame and screen code (cold cache) and rendering.',
        `Router build: the User Timing measure '${ROUTER_BUILD_MEASURE}' that buildRoutes leaves, for the manifest the user signed in to.`,
      ],
    };
  },
};

export default benchmark;
