// How long a manifest release activated through one replica takes to be served by another (issue 18).
//
// Two replicas (A, B) run as `npm start` runs the service, on one PostgreSQL server, serving the
// store's active release (MANIFEST_SOURCE=store, as in production). Two releases are published once
// through A: the folder as it is and a copy with one module renamed. Staff then make them active in
// turn through A, each PUT naming the active release it replaces (If-Match), as
// `npm run manifests:publish` and the releases screen do; acme's engineer is served by B. Every time
// is taken from just before the PUT is sent to A, so it includes the step itself (the state row
// written, the audit entry, the commit that sends the notification, A serving it before it answers);
// the time from A's answer is reported beside it. The change counts as served by B when a manifest
// fetched from B, polled one request after another, first carries the new release as its `version`
// (the time its answer arrived); B's event stream gives the arrival of its 'manifests' event too.
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, percentile, table } from './support/stats.ts';
import { pause, within } from './support/timing.ts';
import { target, type Benchmark, type BenchContext } from './support/types.ts';
import { manifestVersion, openEvents, startReplicas, type Replicas } from './support/replicas.ts';
import { idToken } from '../config-service/src/testing/serviceProcess.ts';
import { loadManifestSet } from '../config-service/src/manifests/loadManifestSet.ts';
import { ReleasesClient } from '../config-service/src/cli/releasesClient.ts';

const OPERATOR = 'staff@demo.local';
const USER = 'engineer@acme.example';
const TARGET_P99_MS = 250;

/** The folder the replicas seed their first release from (a copy: an edit while the benchmark runs changes nothing) and a variant of its files. */
function twoReleases(root: string): { folder: string; variant: Record<string, unknown> } {
  const folder = mkdtempSync(join(tmpdir(), 'bench-releases-'));
  cpSync(join(root, 'route-manifests'), folder, { recursive: true });
  const hs = JSON.parse(readFileSync(join(folder, 'hs.json'), 'utf8')) as { name: string };
  const variant = { ...loadManifestSet(folder).contents, 'hs.json': { ...hs, name: `${hs.name} (benchmark)` } };
  return { folder, variant };
}

interface Flip {
  /** From just before the PUT to A until: */
  ack: number;
  served: number;
  event: number;
}

/** Flips the active release through A while polling B's manifest one request after another and listening to B's events. */
async function flips(replicas: Replicas, staff: ReleasesClient, ids: [string, string], count: number, warmUp: number, log: BenchContext['log']) {
  const token = await idToken(replicas.b, USER);
  const events = await openEvents(replicas.b, token);
  let active = (await staff.list()).active;
  if (!ids.includes(active)) throw new Error(`the active release ${active} is neither of the two published`);
  const measured: Flip[] = [];
  const warm: Flip[] = [];
  const pollMs: number[] = [];
  try {
    for (let i = 0; i < warmUp + count; i++) {
      const want = active === ids[0] ? ids[1] : ids[0];
      const from = performance.now();
      let polling = true;
      const served = (async () => {
        while (polling) {
          const sent = performance.now();
          const version = await manifestVersion(replicas.b, token);
          const at = performance.now();
          pollMs.push(at - sent);
          if (version === want) return at;
        }
        return Number.NaN;
      })();
      const event = events.next('manifests', from);
      let times: [number, number];
      let sentAt: number;
      let ackAt: number;
      try {
        sentAt = performance.now();
        const state = await staff.activate(want, `benchmark flip ${i + 1}`, active);
        ackAt = performance.now();
        if (state.active !== want) throw new Error(`flip ${i + 1}: A answered active ${state.active}, not ${want}`);
        active = want;
        times = await within(Promise.all([served, event]), `flip ${i + 1} served by B`);
      } finally {
        // A poller left running would outlive the replicas.
        polling = false;
        await served.catch(() => undefined);
      }
      const [servedAt, eventAt] = times;
      (i < warmUp ? warm : measured).push({ ack: ackAt - sentAt, served: servedAt - sentAt, event: eventAt - sentAt });
      if ((i + 1 - warmUp) % 50 === 0 && i >= warmUp) log(`flips: ${i + 1 - warmUp} of ${count}`);
      await pause(20, 80);
    }
  } finally {
    events.close();
  }
  return { measured, warm, pollMs };
}

const summary = (values: number[]) => ({ median: median(values), p99: percentile(values, 99), max: Math.max(...values), n: values.length });

const benchmark: Benchmark = {
  name: 'releases',
  title: 'Release propagation: a release activated through one replica, served by another',
  async run({ root, quick, log }) {
    const count = quick ? 40 : 300;
    const warmUp = 10;
    const { folder, variant } = twoReleases(root);
    const replicas = await startReplicas({
      root,
      // Production's source: the store's active release alone; under `files` each replica would also watch a folder.
      // The write limit (60 a minute per user) would hold the flips to one a second, as with the toggles.
      env: { MANIFEST_SOURCE: 'store', MANIFESTS_DIR: folder, RATE_LIMIT_ADMIN_WRITES: '100000' },
      cpuProfileDir: process.env.BENCH_CPU_PROF,
    });
    log(`replicas at ${replicas.a.base} (A, written to) and ${replicas.b.base} (B, read from); logs in ${replicas.logs.a}, ${replicas.logs.b}`);
    try {
      const staff = new ReleasesClient(replicas.a.base, await idToken(replicas.a, OPERATOR));
      const first = (await staff.list()).active;
      const second = (await staff.publish(variant, 'benchmark variant')).release.id;
      if (first === second) throw new Error('the variant is the same release as the folder');
      const r = await flips(replicas, staff, [first, second], count, warmUp, log);

      const served = summary(r.measured.map((f) => f.served));
      const event = summary(r.measured.map((f) => f.event));
      const ack = summary(r.measured.map((f) => f.ack));
      const servedAfterAck = summary(r.measured.map((f) => f.served - f.ack));
      const poll = summary(r.pollMs);
      const firstFlip = r.warm[0]!;
      const row = (what: string, s: ReturnType<typeof summary>, n = s.n) => [what, s.median, s.p99, s.max, n] as const;
      return {
        figures: {
          replicaToReplicaMs: served,
          replicaToReplicaEventMs: event,
          activateAcknowledgedMs: ack,
          replicaToReplicaAfterAckMs: servedAfterAck,
          manifestRequestToBMs: poll,
          firstFlipMs: firstFlip,
          manifestPollsPerFlip: r.pollMs.length / (count + warmUp),
          releases: [first, second],
          unpinned: true,
          manifestSource: 'store',
          rateLimitAdminWrites: 100000,
        },
        targets: [target('p99 replica to replica (release served by B)', served.p99, 'max', TARGET_P99_MS, ' ms')],
        report: [
          `Two releases (${first}, the folder; ${second}, one module renamed) made active in turn through A, ${count} times after ${warmUp} warm-up flips. Milliseconds from just before the PUT to replica A is sent:`,
          '',
          ...table(
            ['until', 'median', 'p99', 'max', 'flips'],
            [
              row('A answers the activation (200): the limit, nothing is served before it commits', ack),
              row("B's event stream says 'manifests'", event),
              row("B's manifest carries the new version", served),
            ],
          ),
          '',
          `B's manifest carries the new release ${servedAfterAck.median.toFixed(1)} ms (median) after A's answer, ${servedAfterAck.p99.toFixed(1)} ms at p99; one manifest request to B, the polling's resolution, takes ${poll.median.toFixed(1)} ms (median), ${poll.p99.toFixed(1)} ms at p99 (${poll.n} requests).`,
          `The first flip, to a release B had not built yet: A answered in ${firstFlip.ack.toFixed(1)} ms, B served it at ${firstFlip.served.toFixed(1)} ms.`,
        ],
        notes: [
          'replicas not pinned, as for the toggles: the path crosses A, PostgreSQL and B, each with a core to run on when it needs one',
          'the admin write limit (RATE_LIMIT_ADMIN_WRITES) raised to 100000 a minute for the run, so the flips are not held to one a second',
        ],
      };
    } finally {
      await replicas.stop();
    }
  },
};

export default benchmark;
