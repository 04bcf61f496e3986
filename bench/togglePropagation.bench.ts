// Benchmark 5 of issue #11: how long a module switch written through one replica takes to be served
// by another, and to show on a signed-in page open on that other replica.
//
// Two replicas (A, B) run as `npm start` runs the service, on one PostgreSQL server. An operator
// (staff) switches acme's Life Cycle Cost module on and off through A; acme's engineer is served by B.
// Every time is taken from just before the PUT is sent to A, so it includes the write itself (the
// row lock, the audit insert, the commit that sends the notification); the time from A's answer is
// reported beside it. The change counts as served by B when a manifest fetched from B, polled one
// request after another, first reflects it (the time its answer arrived); B's event stream gives
// the arrival of its 'modules' event too. The page counts when the sidebar's link appears or goes
// (a MutationObserver's timestamp, before paint).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { median, percentile, table } from './support/stats.ts';
import { pause, within } from './support/timing.ts';
import { target, type Benchmark, type BenchContext } from './support/types.ts';
import { manifestModules, openEvents, readSwitch, startReplicas, writeSwitch, type Replicas } from './support/replicas.ts';
import { idToken } from '../config-service/src/testing/serviceProcess.ts';
import { launchChromium } from './support/browser.ts';

const CUSTOMER = 'acme';
const MODULE = 'lcc';
const LINK = 'Life Cycle Cost';
const OPERATOR = 'staff@demo.local';
const USER = 'engineer@acme.example';
const PASSWORD = 'Demo-Passw0rd!';
const TARGET_P99_MS = 250;

interface ReplicaToggle {
  /** From just before the PUT to A until: */
  ack: number;
  served: number;
  event: number;
}

interface Writer {
  version: number;
  enabled: boolean;
  toggle(): Promise<{ sentAt: number; ackAt: number; enabled: boolean }>;
}

async function operatorOn(replicas: Replicas): Promise<Writer> {
  const token = await idToken(replicas.a, OPERATOR);
  const state = await readSwitch(replicas.a, token, CUSTOMER, MODULE);
  let n = 0;
  const writer: Writer = {
    ...state,
    async toggle() {
      const enabled = !writer.enabled;
      const sentAt = performance.now();
      writer.version = await writeSwitch(replicas.a, token, {
        customerId: CUSTOMER,
        moduleKey: MODULE,
        enabled,
        version: writer.version,
        reason: `benchmark toggle ${++n}`,
      });
      const ackAt = performance.now();
      writer.enabled = enabled;
      return { sentAt, ackAt, enabled };
    },
  };
  return writer;
}

/** Toggles through A while polling B's manifest one request after another and listening to B's events. */
async function replicaToReplica(
  replicas: Replicas,
  writer: Writer,
  count: number,
  warmUp: number,
  log: BenchContext['log'],
): Promise<{ toggles: ReplicaToggle[]; polls: number }> {
  const token = await idToken(replicas.b, USER);
  const events = await openEvents(replicas.b, token);
  const toggles: ReplicaToggle[] = [];
  let polls = 0;
  try {
    for (let i = 0; i < warmUp + count; i++) {
      const want = !writer.enabled;
      const from = performance.now();
      let polling = true;
      const served = (async () => {
        while (polling) {
          const modules = await manifestModules(replicas.b, token);
          polls++;
          if (modules.includes(MODULE) === want) return performance.now();
        }
        return Number.NaN;
      })();
      const event = events.next('modules', from);
      let times: [number, number];
      let written: { sentAt: number; ackAt: number };
      try {
        written = await writer.toggle();
        times = await within(Promise.all([served, event]), `toggle ${i + 1} served by B`);
      } finally {
        // A poller left running would outlive the replicas.
        polling = false;
        await served.catch(() => undefined);
      }
      const { sentAt, ackAt } = written;
      const [servedAt, eventAt] = times;
      if (i >= warmUp) toggles.push({ ack: ackAt - sentAt, served: servedAt - sentAt, event: eventAt - sentAt });
      if ((i + 1) % 50 === 0) log(`replica to replica: ${i + 1 - warmUp} of ${count}`);
      await pause(20, 80);
    }
  } finally {
    events.close();
  }
  return { toggles, polls };
}

/** Toggles through A while acme's engineer has a page open on B; times the sidebar link's coming and going. */
async function toPage(replicas: Replicas, writer: Writer, count: number, warmUp: number, log: BenchContext['log']): Promise<number[]> {
  // Unpinned, as the replicas are.
  const { browser } = await launchChromium();
  try {
    const page = await (await browser.newContext({ baseURL: replicas.b.base })).newPage();
    const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events' && response.ok());
    await page.goto('/login');
    await page.getByLabel('Email').fill(USER);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.getByRole('navigation', { name: 'Modules' }).getByRole('link', { name: LINK }).waitFor();
    // The page's event stream must be open before a change it is to hear of.
    await streamOpen;
    const times: number[] = [];
    for (let i = 0; i < warmUp + count; i++) {
      const want = !writer.enabled;
      // performance.timeOrigin + now() is wall-clock time at sub-millisecond resolution in both processes.
      // A string, not a function: tsx's transform would add helpers the page does not have. Void:
      // evaluate would otherwise wait for the promise.
      await page.evaluate(`void (window.navChange = new Promise((resolve) => {
        const has = () => [...document.querySelectorAll('nav[aria-label="Modules"] a')].some((a) => a.textContent.includes(${JSON.stringify(LINK)}));
        const observer = new MutationObserver(() => {
          if (has() !== ${want}) return;
          observer.disconnect();
          resolve(performance.timeOrigin + performance.now());
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }))`);
      const { sentAt } = await writer.toggle();
      const changedAt = (await within(page.evaluate('window.navChange'), `toggle ${i + 1} shown on the page`)) as number;
      if (i >= warmUp) times.push(changedAt - (performance.timeOrigin + sentAt));
      if ((i + 1) % 10 === 0) log(`to the page: ${i + 1 - warmUp} of ${count}`);
      await pause(150, 350);
    }
    if (!writer.enabled) throw new Error('the module was left off'); // never: toggles come in pairs
    return times;
  } finally {
    await browser.close();
  }
}

const summary = (values: number[]) => ({ median: median(values), p99: percentile(values, 99), max: Math.max(...values), n: values.length });

const benchmark: Benchmark = {
  name: 'toggles',
  title: 'Toggle propagation: a switch written through one replica, served by another and shown on a page',
  async run({ root, quick, log }) {
    if (!existsSync(join(root, 'web/dist/index.html'))) throw new Error('web/dist/index.html is missing: run `npm run build` first');
    const counts = quick ? { replica: 40, page: 6 } : { replica: 300, page: 40 };
    const replicas = await startReplicas({
      root,
      // The operator write limit (60 a minute per user) would make 300 toggles take five minutes and
      // turn the gaps between them into a fixed one-second beat; raised, the limiter still runs.
      env: { RATE_LIMIT_ADMIN_WRITES: '100000' },
      cpuProfileDir: process.env.BENCH_CPU_PROF,
    });
    log(`replicas at ${replicas.a.base} (A, written to) and ${replicas.b.base} (B, read from); logs in ${replicas.logs.a}, ${replicas.logs.b}`);
    try {
      const writer = await operatorOn(replicas);
      if (!writer.enabled) throw new Error(`${CUSTOMER}'s ${MODULE} should start on`);
      // Even counts: the switch ends as it began.
      const r = await replicaToReplica(replicas, writer, counts.replica, 10, log);
      // A page that cannot be measured (the web app changed under us) must not cost the replicas' figures.
      const notes: string[] = [];
      const pageTimes = await toPage(replicas, writer, counts.page, 2, log).catch((error: Error) => {
        notes.push(`the page could not be measured: ${error.message.split('\n')[0]}`);
        return [] as number[];
      });

      const served = summary(r.toggles.map((t) => t.served));
      const event = summary(r.toggles.map((t) => t.event));
      const ack = summary(r.toggles.map((t) => t.ack));
      const servedAfterAck = summary(r.toggles.map((t) => t.served - t.ack));
      const page = summary(pageTimes);
      const row = (what: string, s: ReturnType<typeof summary>) => [what, s.median, s.p99, s.max, s.n] as const;
      return {
        figures: {
          replicaToReplicaMs: served,
          replicaToReplicaEventMs: event,
          writeAcknowledgedMs: ack,
          replicaToReplicaAfterAckMs: servedAfterAck,
          toPageMs: page,
          manifestPollsPerToggle: r.polls / (counts.replica + 10),
          unpinned: true,
          rateLimitAdminWrites: 100000,
        },
        targets: [target('p99 replica to replica (manifest served by B)', served.p99, 'max', TARGET_P99_MS, ' ms')],
        report: [
          'Milliseconds from just before the PUT to replica A is sent:',
          '',
          ...table(
            ['until', 'median', 'p99', 'max', 'toggles'],
            [
              row('A answers the write (200)', ack),
              row("B's event stream says 'modules'", event),
              row("B's manifest reflects it", served),
              row('the signed-in page on B shows it', page),
            ],
          ),
          '',
          `B's manifest reflects the change ${servedAfterAck.median.toFixed(1)} ms (median) after A's answer, ${servedAfterAck.p99.toFixed(1)} ms at p99.`,
        ],
        notes: [
          ...notes,
          'replicas not pinned: the path crosses A, PostgreSQL and B, each with a core to run on when it needs one, as on separate machines; pinned together to one core, A writing would wait for B serving the polls',
          'the admin write limit (RATE_LIMIT_ADMIN_WRITES) raised to 100000 a minute for the run, so the toggles are not held to one a second',
        ],
      };
    } finally {
      await replicas.stop();
    }
  },
};

export default benchmark;
