// Issue 34, finding 6: one staff user sending 1 MB previews as fast as the rate limit allows, and what
// `/healthz` waits meanwhile, next to `/healthz` alone; before (MANIFEST_CHECKS_PER_USER=0, no cap) and
// after (the default, one check in flight per user, decision 0069), side by side in one run.
//
// The draft is the largest of the validation benchmark: route-manifests/ with registry.json replaced by
// {"modules":[1,1,…]} up to the 1 MB body limit, some 0.5 s of checking on the event loop. The user keeps
// up to four previews in flight (as the finding did) and sends one every 200 ms: 300 a minute, what the
// default rate limit allows (RATE_LIMIT_ADMIN_WRITES 60, five previews a write). A refused preview is
// not retried before its turn. Another connection asks `/healthz` one request after another throughout.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const STAFF = 'staff@demo.local';
const BODY_LIMIT = 1024 * 1024;
/** Previews a minute the default rate limit allows one user. */
const PREVIEWS_PER_MINUTE = 300;
const IN_FLIGHT = 4;
/** After: /healthz's median under the flood within this many times its median alone. */
const TARGET_RATIO = 100;

interface Run {
  label: string;
  alone: number[];
  flooded: number[];
  /** Previews answered (422: every problem listed), refused as a check in flight, refused otherwise. */
  answered: number;
  refusedInFlight: number;
  refusedOther: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks /healthz one request after another until `over()`; each latency in ms. */
async function healthzUntil(base: string, over: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!over()) {
    const sent = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  return latencies;
}

async function measure(label: string, env: Record<string, string>, body: string, seconds: number, log: (line: string) => void): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-previews-'));
  const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'warn', ...env } });
  log(`${label}: service on CPU 0 at ${service.base}; logs in ${dir}`);
  try {
    const token = await idToken(service, STAFF);
    const preview = () =>
      fetch(`${service.base}/api/v1/admin/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      }).then(async (answer) => ({ status: answer.status, code: ((await answer.json()) as { code?: string }).code }));
    // Warm-up: Ajv's compiled checks, the JIT; the rate limit's window has room for it.
    await preview();

    let until = performance.now() + seconds * 1000;
    const alone = await healthzUntil(service.base, () => performance.now() >= until);

    const run: Run = { label, alone, flooded: [], answered: 0, refusedInFlight: 0, refusedOther: 0 };
    until = performance.now() + seconds * 1000;
    const over = () => performance.now() >= until;
    let nextSend = performance.now();
    // Each loop takes the next turn (one every 60 s / 300) and waits for its answer: at most IN_FLIGHT out.
    const loop = async () => {
      while (!over()) {
        const turn = nextSend;
        nextSend += 60_000 / PREVIEWS_PER_MINUTE;
        await sleep(Math.max(0, turn - performance.now()));
        if (over()) return;
        const { status, code } = await preview();
        if (status === 422) run.answered++;
        else if (code === 'CFG_ERR_CHECK_IN_FLIGHT') run.refusedInFlight++;
        else run.refusedOther++;
      }
    };
    const [flooded] = await Promise.all([healthzUntil(service.base, over), ...Array.from({ length: IN_FLIGHT }, loop)]);
    run.flooded = flooded;
    log(
      `${label}: /healthz alone p50 ${median(alone).toFixed(2)} ms; under the flood p50 ${median(flooded).toFixed(1)} ms, p99 ${percentile(flooded, 99).toFixed(0)} ms; previews ${run.answered} answered, ${run.refusedInFlight} refused in flight, ${run.refusedOther} other`,
    );
    return run;
  } finally {
    await service.stop();
  }
}

export default {
  name: 'previews',
  title: 'One user flooding 1 MB previews: /healthz meanwhile, before and after one check in flight per user',
  async run({ root, quick, log }) {
    const folder = join(root, 'route-manifests');
    const files: Record<string, unknown> = {};
    for (const f of readdirSync(folder).filter((name) => name.endsWith('.json'))) files[f] = JSON.parse(readFileSync(join(folder, f), 'utf8'));
    const bodyOf = (n: number) =>
      JSON.stringify({ claims: { role: 'sentient' }, draft: { files: { ...files, 'registry.json': { modules: Array(n).fill(1) } } } });
    const body = bodyOf(Math.floor((BODY_LIMIT - bodyOf(0).length) / 2));
    const seconds = quick ? 4 : 15;

    const before = await measure('before (no cap)', { MANIFEST_CHECKS_PER_USER: '0' }, body, seconds, log);
    const after = await measure('after (one in flight per user)', {}, body, seconds, log);
    const row = (r: Run) => {
      const aloneP50 = median(r.alone);
      const p50 = median(r.flooded);
      return {
        label: r.label,
        aloneP50,
        aloneP99: percentile(r.alone, 99),
        p50,
        p90: percentile(r.flooded, 90),
        p99: percentile(r.flooded, 99),
        samples: r.flooded.length,
        ratioP50: p50 / aloneP50,
        answered: r.answered,
        refusedInFlight: r.refusedInFlight,
        refusedOther: r.refusedOther,
      };
    };
    const rows = [row(before), row(after)];
    const [b, a] = rows as [ReturnType<typeof row>, ReturnType<typeof row>];
    return {
      figures: { bodyKiB: Math.round(body.length / 1024), seconds, inFlight: IN_FLIGHT, perMinute: PREVIEWS_PER_MINUTE, rows },
      targets: [target('/healthz median under the flood ÷ alone (after)', a.ratioP50, 'max', TARGET_RATIO, '×')],
      report: [
        `A ${Math.round(body.length / 1024)} KiB draft, previewed by one user ${PREVIEWS_PER_MINUTE} times a minute with up to ${IN_FLIGHT} in flight, for ${seconds} s; /healthz asked one request after another meanwhile, and for ${seconds} s before with nothing else in flight. After ÷ before: /healthz median **${(a.p50 / b.p50).toFixed(2)}×**, p99 **${(a.p99 / b.p99).toFixed(2)}×**.`,
        '',
        ...table(
          [
            'service',
            '/healthz alone: p50',
            'p99',
            'under the flood: p50',
            'p90',
            'p99',
            'answers',
            'p50 ÷ alone',
            'previews answered',
            'refused: in flight',
            'refused: other',
          ],
          rows.map((r) => [
            r.label,
            `${r.aloneP50.toFixed(2)} ms`,
            `${r.aloneP99.toFixed(1)} ms`,
            `${r.p50.toFixed(1)} ms`,
            `${r.p90.toFixed(0)} ms`,
            `${r.p99.toFixed(0)} ms`,
            String(r.samples),
            `${r.ratioP50.toFixed(0)}×`,
            String(r.answered),
            String(r.refusedInFlight),
            String(r.refusedOther),
          ]),
        ),
      ],
    };
  },
} satisfies Benchmark;
