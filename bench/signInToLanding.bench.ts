// Benchmark 4: from pressing "Sign in" to the landing screen's h1, in Chromium, next to loading a
// static page from the same server. Both are timed by the page's own clock: the sign-in from the
// form's submit event to the moment the landing screen's h1 is in the document (a MutationObserver);
// the static page from its navigation's start to the end of its load event (Navigation Timing).
// The static page is the app's own page, /login, with JavaScript off: the same handler, nonce and
// policy, and the same style sheet, with no script run, opened in a tab already on the service. Each run is a fresh browser context, so
// nothing is cached from the run before. Router build time: the User Timing measure buildRoutes
// leaves for the manifest the user signed in to. Every row is timed twice: on loopback as it is, and on
// an emulated slow link (Chromium's own network emulation, for the static page as for the sign-in).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startService } from '../config-service/src/testing/serviceProcess.ts';
import { launchChromium } from './support/browser.ts';
import { builtWebDist } from './support/webDist.ts';
import { fmt, median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const ACCOUNTS = { customer: 'engineer@acme.example', staff: 'staff@demo.local' } as const;
const PASSWORD = 'Demo-Passw0rd!';
const RATIO_LIMIT = 3;
/** web/src/app/buildRoutes.tsx's ROUTER_BUILD_MEASURE. */
const ROUTER_BUILD_MEASURE = 'router:build';

/** Network.emulateNetworkConditions' figures: latency in ms, throughputs in bytes a second. */
interface Link {
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}

/**
 * The links each row is timed on: loopback as it is, and a slow mobile link: 1.6 Mbit/s and 150 ms, the
 * figures of Lighthouse's mobile preset ("Slow 4G", formerly "Fast 3G"), with its upload (750 kbit/s)
 * raised to the download's, since a sign-in sends little. Chromium adds the latency once a request, not
 * once a round trip: lighter than a real link of that RTT, which Lighthouse's own request-level runs
 * make up for with 3.75 × the latency.
 */
const LINKS = {
  loopback: undefined,
  'slow link': { latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 1.6e6 / 8 },
} as const satisfies Record<string, Link | undefined>;
type LinkName = keyof typeof LINKS;
const LINK_NAMES = Object.keys(LINKS) as LinkName[];

/** Every request the page makes from now on goes through `link` (none: loopback as it is). */
async function emulate(page: Page, link: Link | undefined): Promise<void> {
  if (!link) return;
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', { offline: false, ...link });
}

interface SignInRun {
  ms: number;
  landing: string;
  heading: string;
  routerBuildMs: number;
  modules: number;
}

/** One sign-in in a fresh context: the login page loaded and filled in before the clock starts. */
async function signIn(browser: Browser, base: string, email: string, link: Link | undefined): Promise<SignInRun> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // The whole visit on the link, the login page too: the sign-in starts from a page that came over it.
    await emulate(page, link);
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
    await page.goto(`${base}/login`, { timeout: 60_000 });
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    // What a person does in the seconds of typing: the page is at rest when they press the button.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => (window as unknown as { landedAt?: number }).landedAt !== undefined, undefined, { timeout: 60_000 });
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
async function staticPage(browser: Browser, base: string, link: Link | undefined): Promise<number> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    // The reference crosses the same link as the sign-in it is compared with, or the ratio says nothing.
    await emulate(page, link);
    await page.goto(`${base}/api/v1/config`, { timeout: 60_000 });
    await page.goto(`${base}/login`, { waitUntil: 'load', timeout: 60_000 });
    // Playwright's evaluate runs even with the page's scripts off.
    return await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return navigation!.loadEventEnd - navigation!.startTime;
    });
  } finally {
    await context.close();
  }
}

/** The figures of one account on one link. */
function summarize(account: keyof typeof ACCOUNTS, link: LinkName, list: SignInRun[], staticMedian: number) {
  const ms = list.map((r) => r.ms);
  const builds = list.map((r) => r.routerBuildMs);
  return {
    account,
    link,
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
}

const benchmark: Benchmark = {
  name: 'signin',
  title: 'Sign-in to landing next to a static page',
  async run({ root, quick, log }) {
    const dist = builtWebDist(root, log);
    const runs = quick ? 3 : 10;
    const warmups = quick ? 1 : 2;
    const dir = mkdtempSync(join(tmpdir(), 'bench-signin-'));
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'info', WEB_DIST: dist } });
    const { browser, pinnedTo } = await launchChromium({ cpu: 1 });
    log(
      `service on CPU 0 at ${service.base}; Chromium ${pinnedTo === undefined ? 'unpinned' : `on CPU ${pinnedTo}`}; ${runs} runs each after ${warmups} warm-up on each link; logs in ${dir}`,
    );
    const perLink = <T>(make: () => T) => Object.fromEntries(LINK_NAMES.map((name) => [name, make()])) as Record<LinkName, T>;
    const signIns = perLink((): Record<keyof typeof ACCOUNTS, SignInRun[]> => ({ customer: [], staff: [] }));
    const statics = perLink((): number[] => []);
    try {
      for (let i = 0; i < warmups; i++) {
        for (const name of LINK_NAMES) {
          await staticPage(browser, service.base, LINKS[name]);
          for (const email of Object.values(ACCOUNTS)) await signIn(browser, service.base, email, LINKS[name]);
        }
      }
      // Interleaved, so a slow spell of the machine falls on every row alike.
      for (let i = 0; i < runs; i++) {
        for (const name of LINK_NAMES) {
          statics[name].push(await staticPage(browser, service.base, LINKS[name]));
          for (const [account, email] of Object.entries(ACCOUNTS) as Array<[keyof typeof ACCOUNTS, string]>) {
            signIns[name][account].push(await signIn(browser, service.base, email, LINKS[name]));
          }
        }
      }
    } finally {
      await browser.close();
      await service.stop();
    }

    const staticMedians = perLink(() => 0);
    for (const name of LINK_NAMES) staticMedians[name] = median(statics[name]);
    const rows = LINK_NAMES.flatMap((name) =>
      (Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>).map((account) => summarize(account, name, signIns[name][account], staticMedians[name])),
    );
    for (const name of LINK_NAMES) {
      log(
        `${name}: static page median ${fmt(staticMedians[name])} ms; ${rows
          .filter((r) => r.link === name)
          .map((s) => `${s.account} sign-in median ${fmt(s.medianMs)} ms`)
          .join(', ')}`,
      );
    }
    const slow = LINKS['slow link'];

    return {
      figures: {
        runs,
        links: LINKS,
        staticPage: {
          what: '/login with JavaScript off: the page and its style sheet',
          ...staticFigures(statics.loopback),
          byLink: Object.fromEntries(LINK_NAMES.map((name) => [name, staticFigures(statics[name])])),
        },
        signIn: rows.filter((r) => r.link === 'loopback'),
        signInSlowLink: rows.filter((r) => r.link === 'slow link'),
      },
      // The target is held on loopback, where the page's own work shows; on the slow link the bytes and round trips do.
      targets: rows
        .filter((r) => r.link === 'loopback')
        .map((s) => target(`sign-in to landing ÷ static page (${s.account})`, s.ratio, 'max', RATIO_LIMIT, '×')),
      report: [
        `Median of ${runs} runs each, interleaved, each in a fresh browser context (nothing cached). Static page: /login served by the same service with JavaScript off (the page with its nonce and policy, and the style sheet), opened in a tab already on the service, navigation start to load event end: **${fmt(staticMedians.loopback)} ms** on loopback (p90 ${fmt(percentile(statics.loopback, 90))} ms), **${fmt(staticMedians['slow link'])} ms** on the slow link (p90 ${fmt(percentile(statics['slow link'], 90))} ms). Slow link: Chromium's network emulation (DevTools protocol \`Network.emulateNetworkConditions\`), ${fmt((slow.downloadThroughput * 8) / 1e6)} Mbit/s down and up, ${slow.latency} ms added to every request, for the static page as for the sign-in.`,
        '',
        ...table(
          ['link', 'account', 'landing', 'sign-in median ms', 'p90 ms', 'min ms', 'ratio to static', 'router build median ms (modules)'],
          rows.map((s) => [s.link, s.email, s.landing, s.medianMs, s.p90Ms, s.minMs, `${fmt(s.ratio)}×`, `${fmt(s.routerBuildMedianMs)} (${s.modules})`]),
        ),
      ],
      notes: [
        "Sign-in is timed in the page, from the form's submit event to the landing h1 entering the document; it includes the identity provider's round trips, the manifest request, the frame and screen code (cold cache) and rendering.",
        `Router build: the User Timing measure '${ROUTER_BUILD_MEASURE}' that buildRoutes leaves, for the manifest the user signed in to.`,
        "The target (ratio ≤ 3) is held on loopback only; the slow link's rows show what a mobile user waits, without a limit.",
      ],
    };
  },
};

function staticFigures(list: number[]) {
  return { medianMs: median(list), p90Ms: percentile(list, 90), runs: list };
}

export default benchmark;
