// Issue 26, high 1: a draft manifest set with thousands of problems, previewed through
// POST /api/v1/admin/preview of a running service, and what `/healthz` waits meanwhile.
//
// The draft is route-manifests/ with registry.json replaced by {"modules":[1,1,…]}: each item is one
// problem (schema:type), at 2 bytes an item the tightest encoding, so the last row is the most the
// preview's 1 MB body limit lets in. While each preview is in flight a second connection asks
// /healthz one request after another; its slowest answer is how long the event loop was held. The
// reference is /healthz asked the same way with no preview in flight.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { median, percentile, table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';

const STAFF = 'staff@demo.local';
const BODY_LIMIT = 1024 * 1024;
const TARGET_8000_MS = 500;

interface Row {
  problems: number;
  bodyKiB: number;
  answerMs: number;
  listed: number;
  more: number;
  healthzP50Ms: number;
  healthzMaxMs: number;
}

/** Asks /healthz one request after another until `done` settles; each latency in ms. */
async function healthzWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let over = false;
  void done.finally(() => {
    over = true;
  });
  const latencies: number[] = [];
  while (!over) {
    const sent = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - sent);
  }
  return latencies;
}

export default {
  name: 'validation',
  title: 'A draft with thousands of manifest problems: answer time, and /healthz meanwhile',
  async run({ root, quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-validation-'));
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'warn', RATE_LIMIT_ADMIN_WRITES: '1000' } });
    log(`service on CPU 0 at ${service.base}; logs in ${dir}`);
    try {
      const token = await idToken(service, STAFF);
      const folder = join(root, 'route-manifests');
      const files: Record<string, unknown> = {};
      for (const f of readdirSync(folder).filter((name) => name.endsWith('.json'))) files[f] = JSON.parse(readFileSync(join(folder, f), 'utf8'));
      const bodyOf = (n: number) =>
        JSON.stringify({ claims: { role: 'sentient' }, draft: { files: { ...files, 'registry.json': { modules: Array(n).fill(1) } } } });
      const fits = Math.floor((BODY_LIMIT - bodyOf(0).length) / 2);
      const preview = async (body: string) => {
        const sent = performance.now();
        const answer = await fetch(`${service.base}/api/v1/admin/preview`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        });
        const problem = (await answer.json()) as { problems?: unknown[]; moreProblems?: number };
        if (answer.status !== 422) throw new Error(`preview answered ${answer.status}`);
        return { ms: performance.now() - sent, listed: problem.problems?.length ?? 0, more: problem.moreProblems ?? 0 };
      };

      const idle = await healthzWhile(service.base, new Promise((resolve) => setTimeout(resolve, quick ? 500 : 2000)));
      log(`/healthz alone: ${idle.length} answers, median ${median(idle).toFixed(2)} ms, p99 ${percentile(idle, 99).toFixed(2)} ms`);
      await preview(bodyOf(2000)); // warm-up: Ajv's compiled checks, the JIT

      const rows: Row[] = [];
      for (const n of [2000, 8000, 80000, fits]) {
        const body = bodyOf(n);
        const runs = quick ? 1 : 5;
        const answers: number[] = [];
        const healthz: number[] = [];
        let last = { listed: 0, more: 0 };
        for (let i = 0; i < runs; i++) {
          const answer = preview(body);
          const waited = await healthzWhile(service.base, answer);
          const { ms, ...counts } = await answer;
          answers.push(ms);
          healthz.push(...waited);
          last = counts;
        }
        rows.push({
          problems: n,
          bodyKiB: Math.round(body.length / 1024),
          answerMs: median(answers),
          listed: last.listed,
          more: last.more,
          healthzP50Ms: median(healthz),
          healthzMaxMs: Math.max(...healthz),
        });
        log(`${n} problems: answer ${median(answers).toFixed(0)} ms (median of ${runs}); /healthz max ${Math.max(...healthz).toFixed(0)} ms`);
      }
      const at8000 = rows.find((r) => r.problems === 8000)!;
      return {
        figures: { healthzAlone: { p50: median(idle), p99: percentile(idle, 99), max: Math.max(...idle) }, rows },
        targets: [
          target('answer to a draft with 8,000 problems', at8000.answerMs, 'max', TARGET_8000_MS, ' ms'),
          target('slowest /healthz while it is answered', at8000.healthzMaxMs, 'max', TARGET_8000_MS, ' ms'),
        ],
        report: [
          `/healthz with no preview in flight: median ${median(idle).toFixed(2)} ms, p99 ${percentile(idle, 99).toFixed(2)} ms, slowest ${Math.max(...idle).toFixed(1)} ms.`,
          '',
          ...table(
            ['problems', 'body', 'answer (median)', 'listed + counted', '/healthz meanwhile: median', 'slowest'],
            rows.map((r) => [
              r.problems.toLocaleString('en'),
              `${r.bodyKiB} KiB`,
              `${r.answerMs.toFixed(0)} ms`,
              `${r.listed} + ${r.more.toLocaleString('en')}`,
              `${r.healthzP50Ms.toFixed(1)} ms`,
              `${r.healthzMaxMs.toFixed(0)} ms`,
            ]),
          ),
        ],
      };
    } finally {
      await service.stop();
    }
  },
} satisfies Benchmark;
