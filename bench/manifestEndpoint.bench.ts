// Benchmark 1: GET /api/v1/manifest as `npm start` serves it, next to the limit: a bare Fastify route
// with the same logging that answers a prepared body of the same size. Same autocannon settings for
// both, one after the other, the servers on CPU 0 and the load generator on CPU 1.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, idToken, pinned, startService } from '../config-service/src/testing/serviceProcess.ts';
import { load, type LoadResult } from './support/load.ts';
import { table } from './support/stats.ts';
import { target, type Benchmark, type Target } from './support/types.ts';

const ACCOUNTS = { staff: 'staff@demo.local', customer: 'engineer@acme.example' } as const;
const CONNECTIONS = [1, 10, 100];

interface Pair {
  connections: number;
  account: keyof typeof ACCOUNTS;
  path: '200' | '304';
  manifest: LoadResult;
  bare: LoadResult;
}

/** Two halves of one measurement: requests added, rates and latencies averaged (equal durations). */
function combine(a: LoadResult, b: LoadResult): LoadResult {
  const statuses: Record<string, number> = { ...a.statuses };
  for (const [code, count] of Object.entries(b.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  return {
    requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
    requests: a.requests + b.requests,
    p50: (a.p50 + b.p50) / 2,
    p99: (a.p99 + b.p99) / 2,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
    statuses,
  };
}

async function startBare(bodies: Record<string, { body: string; etag: string }>, dir: string, cpu: number, nodeOptions: string[]) {
  const port = await freePort();
  writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
  const log = openSync(join(dir, 'bare.log'), 'a');
  const script = new URL('./support/bareServer.ts', import.meta.url).pathname;
  const child = spawn(...pinned(cpu, process.execPath, [...nodeOptions, '--import', 'tsx', script]), {
    env: { ...process.env, PORT: String(port), BODIES: join(dir, 'bodies.json'), LOG_LEVEL: 'info' },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120 && !(await fetch(`${base}/ready`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 250));
  return { base, stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))) };
}

const benchmark: Benchmark = {
  name: 'endpoint',
  title: 'Manifest endpoint next to a bare Fastify route',
  async run({ root, quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-endpoint-'));
    const seconds = quick ? 4 : 10;
    // BENCH_CPU_PROF=<folder>: the service writes V8 CPU profiles there when it stops, the bare route in bare/.
    const nodeOptions = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const service = await startService({ cpu: 0, logFile: join(dir, 'service.log'), env: { LOG_LEVEL: 'info', WEB_DIST: join(root, 'web/dist') }, nodeOptions });
    log(`service (npm start's process and logging) on CPU 0 at ${service.base}; logs in ${dir}`);
    let bare: Awaited<ReturnType<typeof startBare>> | undefined;
    try {
      const tokens = { staff: await idToken(service, ACCOUNTS.staff), customer: await idToken(service, ACCOUNTS.customer) };
      const bodies: Record<string, { body: string; etag: string }> = {};
      for (const account of Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>) {
        const answer = await fetch(`${service.base}/api/v1/manifest`, { headers: { authorization: `Bearer ${tokens[account]}` } });
        if (answer.status !== 200) throw new Error(`manifest for ${account} answered ${answer.status}: ${await answer.text()}`);
        bodies[`/bare/${account}`] = { body: await answer.text(), etag: answer.headers.get('etag')! };
      }
      // Profiled alike when asked: the difference between the two profiles is the endpoint's own work.
      bare = await startBare(bodies, dir, 0, nodeOptions.map((o) => o.replace(/^--cpu-prof-dir=(.*)$/, '--cpu-prof-dir=$1/bare')));
      log(`bare route (same logging) on CPU 0 at ${bare.base}; load generator on CPU 1; ${seconds} s a run`);

      const requestOf = (account: keyof typeof ACCOUNTS, path: '200' | '304', side: 'manifest' | 'bare') => ({
        url: side === 'manifest' ? `${service.base}/api/v1/manifest` : `${bare!.base}/bare/${account}`,
        headers: {
          authorization: `Bearer ${tokens[account]}`,
          ...(path === '304' ? { 'if-none-match': bodies[`/bare/${account}`]!.etag } : {}),
        },
      });
      // Both servers warmed alike before anything is recorded, at the highest load and on every path:
      // JIT, caches, heap growth. Otherwise whichever run first meets 100 connections pays for it.
      for (const side of ['manifest', 'bare'] as const) {
        for (const account of Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>) {
          for (const path of ['200', '304'] as const) await load({ ...requestOf(account, path, side), connections: 100, seconds: quick ? 1 : 2, cpu: 1 });
        }
      }

      const pairs: Pair[] = [];
      for (const connections of CONNECTIONS) {
        for (const account of Object.keys(ACCOUNTS) as Array<keyof typeof ACCOUNTS>) {
          for (const path of ['200', '304'] as const) {
            const run = async (side: 'manifest' | 'bare') => {
              const result = await load({ ...requestOf(account, path, side), connections, seconds: seconds / 2, cpu: 1 });
              const wrong = Object.entries(result.statuses).filter(([code]) => code !== path);
              if (wrong.length || result.errors || result.timeouts) throw new Error(`${side} ${account} ${path}: unexpected answers ${JSON.stringify({ statuses: result.statuses, errors: result.errors, timeouts: result.timeouts })}`);
              return result;
            };
            // A, B, B, A in halves: whatever drifts during the pair (the machine, the heap) falls on both alike.
            const first = await run('manifest');
            const bareFirst = await run('bare');
            const bareResult = combine(bareFirst, await run('bare'));
            const manifest = combine(first, await run('manifest'));
            pairs.push({ connections, account, path, manifest, bare: bareResult });
            log(
              `${String(connections).padStart(3)} conn ${account.padEnd(8)} ${path}: manifest ${Math.round(manifest.requestsPerSecond)}/s p50 ${manifest.p50} p99 ${manifest.p99} ms | bare ${Math.round(bareResult.requestsPerSecond)}/s p50 ${bareResult.p50} p99 ${bareResult.p99} ms | ratio ${(manifest.requestsPerSecond / bareResult.requestsPerSecond).toFixed(3)}`,
            );
          }
        }
      }

      const targets: Target[] = pairs
        .filter((p) => p.connections === 100)
        .flatMap((p) => [
          target(`throughput vs bare, 100 connections, ${p.account}, ${p.path}`, p.manifest.requestsPerSecond / p.bare.requestsPerSecond, 'min', 0.85, '×'),
          // Latency is counted in whole milliseconds by autocannon; a ratio of 1 ms to 1 ms is exact enough.
          target(`p99 vs bare, 100 connections, ${p.account}, ${p.path}`, p.manifest.p99 / Math.max(p.bare.p99, 1), 'max', 1.2, '×'),
        ]);
      return {
        figures: {
          seconds,
          // For bench/support/profileDiff.ts: how many requests each profiled process answered (warm-up aside).
          requests: { manifest: pairs.reduce((n, p) => n + p.manifest.requests, 0), bare: pairs.reduce((n, p) => n + p.bare.requests, 0) },
          bodyBytes: Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, Buffer.byteLength(v.body)])),
          pairs,
        },
        targets,
        report: [
          `Body sizes: staff ${Buffer.byteLength(bodies['/bare/staff']!.body)} B, customer ${Buffer.byteLength(bodies['/bare/customer']!.body)} B. ${seconds} s for each side of each row, in halves run manifest, bare, bare, manifest (rates and latencies are the mean of the halves), after a warm-up of both servers at 100 connections on every path.`,
          '',
          ...table(
            ['connections', 'token', 'answer', 'manifest req/s', 'bare req/s', 'ratio', 'manifest p50 / p99 ms', 'bare p50 / p99 ms', 'p99 ratio'],
            pairs.map((p) => [
              p.connections,
              p.account,
              p.path,
              Math.round(p.manifest.requestsPerSecond),
              Math.round(p.bare.requestsPerSecond),
              (p.manifest.requestsPerSecond / p.bare.requestsPerSecond).toFixed(3),
              `${p.manifest.p50} / ${p.manifest.p99}`,
              `${p.bare.p50} / ${p.bare.p99}`,
              (p.manifest.p99 / Math.max(p.bare.p99, 1)).toFixed(2),
            ]),
          ),
          '',
        ],
      };
    } finally {
      await bare?.stop();
      await service.stop();
    }
  },
};

export default benchmark;
