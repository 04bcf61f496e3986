// Benchmark 1: GET /api/v1/manifest as production logs it (one JSON access line a request), next to two
// references in the same run: a bare Fastify route with the same logger and access line, and a bare
// route with no logger at all, the physical limit. Both answer a prepared body of the same bytes. Same
// autocannon settings for all three, one after the other, the servers on CPU 0 and the load generator
// on CPU 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { combine, load, type LoadResult } from './support/load.ts';
import { cpuMicros } from './support/processCpu.ts';
import { table } from './support/stats.ts';
import { target, type Benchmark, type Target } from './support/types.ts';
import { startChildServer } from './support/childServer.ts';

const ACCOUNTS = { staff: 'staff@demo.local', customer: 'engineer@acme.example' } as const;
const CONNECTIONS = [1, 10, 100];
/** What is loaded: the endpoint, the bare route with the same logging, the bare route with none. */
const SIDES = ['manifest', 'bare', 'limit'] as const;
type Side = (typeof SIDES)[number];
type Account = keyof typeof ACCOUNTS;
type Answer = '200' | '304';

/** A side's load result, and the server's own CPU time per answer over the same runs. */
interface Measured extends LoadResult {
  cpuMicrosPerRequest: number;
}

interface Row {
  connections: number;
  account: Account;
  path: Answer;
  results: Record<Side, Measured>;
}

const startBare = (logger: 'json' | 'off', dir: string, cpu: number, nodeOptions: string[]) =>
  startChildServer({
    script: new URL('./support/bareServer.ts', import.meta.url).pathname,
    env: { BODIES: join(dir, 'bodies.json'), LOGGER: logger, LOG_LEVEL: 'info' },
    logFile: join(dir, `bare-${logger}.log`),
    cpu,
    nodeOptions,
  });

const ratio = (a: LoadResult, b: LoadResult) => a.requestsPerSecond / b.requestsPerSecond;

const benchmark: Benchmark = {
  name: 'endpoint',
  title: 'Manifest endpoint next to a bare Fastify route, with and without logging',
  async run({ root, quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-endpoint-'));
    const seconds = quick ? 4 : 10;
    // BENCH_CPU_PROF=<folder>: the service writes V8 CPU profiles there when it stops, the bare routes in bare/ and limit/.
    const nodeOptions = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const profiledIn = (sub: string) => nodeOptions.map((o) => o.replace(/^--cpu-prof-dir=(.*)$/, `--cpu-prof-dir=$1/${sub}`));
    // Production's logging: info, one JSON object a line, to a file (a collector reads standard output).
    // The compiled bundle, as the image runs it.
    const service = await startService({
      cpu: 0,
      compiled: true,
      logFile: join(dir, 'service.log'),
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_FORMAT: 'json', WEB_DIST: join(root, 'web/dist') },
      nodeOptions,
    });
    log(`service (production's JSON logging) on CPU 0 at ${service.base}; logs in ${dir}`);
    const references: Partial<Record<'bare' | 'limit', Awaited<ReturnType<typeof startBare>>>> = {};
    try {
      const tokens = { staff: await idToken(service, ACCOUNTS.staff), customer: await idToken(service, ACCOUNTS.customer) };
      const bodies: Record<string, { body: string; etag: string }> = {};
      for (const account of Object.keys(ACCOUNTS) as Account[]) {
        // Uncompressed, as the load generator asks for it: each coding has its own tag.
        const answer = await fetch(`${service.base}/api/v1/manifest`, {
          headers: { authorization: `Bearer ${tokens[account]}`, 'accept-encoding': 'identity' },
        });
        if (answer.status !== 200) throw new Error(`manifest for ${account} answered ${answer.status}: ${await answer.text()}`);
        bodies[`/bare/${account}`] = { body: await answer.text(), etag: answer.headers.get('etag')! };
      }
      writeFileSync(join(dir, 'bodies.json'), JSON.stringify(bodies));
      // Profiled alike when asked: the difference between two profiles is what one side does more.
      references.bare = await startBare('json', dir, 0, profiledIn('bare'));
      references.limit = await startBare('off', dir, 0, profiledIn('limit'));
      log(
        `bare route (same logging) at ${references.bare.base} and bare route (no logger) at ${references.limit.base}, on CPU 0; load generator on CPU 1; ${seconds} s a run`,
      );

      const requestOf = (account: Account, path: Answer, side: Side) => ({
        url: side === 'manifest' ? `${service.base}/api/v1/manifest` : `${references[side]!.base}/bare/${account}`,
        headers: {
          authorization: `Bearer ${tokens[account]}`,
          ...(path === '304' ? { 'if-none-match': bodies[`/bare/${account}`]!.etag } : {}),
        },
      });
      // All servers warmed alike before anything is recorded, at the highest load and on every path:
      // JIT, caches, heap growth. Otherwise whichever run first meets 100 connections pays for it.
      for (const side of SIDES) {
        for (const account of Object.keys(ACCOUNTS) as Account[]) {
          for (const path of ['200', '304'] as const) await load({ ...requestOf(account, path, side), connections: 100, seconds: quick ? 1 : 2, cpu: 1 });
        }
      }

      const rows: Row[] = [];
      for (const connections of CONNECTIONS) {
        for (const account of Object.keys(ACCOUNTS) as Account[]) {
          for (const path of ['200', '304'] as const) {
            const run = async (side: Side) => {
              const pid = side === 'manifest' ? service.process.pid! : references[side]!.pid;
              const cpuBefore = cpuMicros(pid);
              const result = await load({ ...requestOf(account, path, side), connections, seconds: seconds / 2, cpu: 1 });
              const wrong = Object.entries(result.statuses).filter(([code]) => code !== path);
              if (wrong.length || result.errors || result.timeouts)
                throw new Error(
                  `${side} ${account} ${path}: unexpected answers ${JSON.stringify({ statuses: result.statuses, errors: result.errors, timeouts: result.timeouts })}`,
                );
              return { ...result, cpu: cpuMicros(pid) - cpuBefore };
            };
            // In halves, A B C then C B A: whatever drifts during the row (the machine, the heaps) falls on all alike.
            const first: Partial<Record<Side, Awaited<ReturnType<typeof run>>>> = {};
            for (const side of SIDES) first[side] = await run(side);
            const results = {} as Record<Side, Measured>;
            for (const side of [...SIDES].reverse()) {
              const second = await run(side);
              results[side] = {
                ...combine(first[side]!, second),
                cpuMicrosPerRequest: (first[side]!.cpu + second.cpu) / (first[side]!.requests + second.requests),
              };
            }
            rows.push({ connections, account, path, results });
            const { manifest, bare, limit } = results;
            log(
              `${String(connections).padStart(3)} conn ${account.padEnd(8)} ${path}: manifest ${Math.round(manifest.requestsPerSecond)}/s p99 ${manifest.p99} ms | bare ${Math.round(bare.requestsPerSecond)}/s p99 ${bare.p99} ms | limit ${Math.round(limit.requestsPerSecond)}/s p99 ${limit.p99} ms | ${ratio(manifest, bare).toFixed(3)} of bare, ${ratio(manifest, limit).toFixed(3)} of limit | CPU µs a request ${manifest.cpuMicrosPerRequest.toFixed(0)} / ${bare.cpuMicrosPerRequest.toFixed(0)} / ${limit.cpuMicrosPerRequest.toFixed(0)}`,
            );
          }
        }
      }

      const at100 = rows.filter((r) => r.connections === 100);
      const targets: Target[] = at100.flatMap(({ account, path, results: { manifest, bare, limit } }) => [
        target(`throughput vs bare route, same logging, 100 connections, ${account}, ${path}`, ratio(manifest, bare), 'min', 0.9, '×'),
        target(`throughput vs bare route, no logger, 100 connections, ${account}, ${path}`, ratio(manifest, limit), 'min', 0.5, '×'),
        // Latency is counted in whole milliseconds by autocannon; a ratio of 1 ms to 1 ms is exact enough.
        target(`p99 vs bare route, same logging, 100 connections, ${account}, ${path}`, manifest.p99 / Math.max(bare.p99, 1), 'max', 1.2, '×'),
      ]);
      const sideLabel = (r: LoadResult) => `${Math.round(r.requestsPerSecond)} (${r.p50} / ${r.p99})`;
      return {
        figures: {
          seconds,
          // For bench/support/profileDiff.ts: how many requests each profiled process answered (warm-up aside).
          requests: Object.fromEntries(SIDES.map((side) => [side, rows.reduce((n, r) => n + r.results[side].requests, 0)])),
          bodyBytes: Object.fromEntries(Object.entries(bodies).map(([k, v]) => [k, Buffer.byteLength(v.body)])),
          rows,
        },
        targets,
        report: [
          `Body sizes: staff ${Buffer.byteLength(bodies['/bare/staff']!.body)} B, customer ${Buffer.byteLength(bodies['/bare/customer']!.body)} B. ${seconds} s for each side of each row, in halves run manifest, bare, limit, limit, bare, manifest (rates and latencies are the mean of the halves), after a warm-up of all three servers at 100 connections on every path. **manifest**: the endpoint with production's logging (info, JSON, one access line a request); **bare**: a bare route with the same logger and access line; **limit**: a bare route with no logger. Requests/s, then p50 / p99 in ms.`,
          '',
          ...table(
            ['connections', 'token', 'answer', 'manifest', 'bare (same logging)', 'limit (no logger)', 'of bare', 'of limit', 'p99 of bare'],
            rows.map(({ connections, account, path, results: { manifest, bare, limit } }) => [
              connections,
              account,
              path,
              sideLabel(manifest),
              sideLabel(bare),
              sideLabel(limit),
              ratio(manifest, bare).toFixed(3),
              ratio(manifest, limit).toFixed(3),
              (manifest.p99 / Math.max(bare.p99, 1)).toFixed(2),
            ]),
          ),
          '',
          "What a request costs the server at 100 connections, in microseconds of its own CPU time per answer (user and system time from /proc over the row's runs, divided by the answers; unlike requests/s it does not move with whatever else the machine runs): the limit is HTTP and Fastify answering prepared bytes; logging is what the bare route with the access line uses more than the limit; the endpoint is what the manifest endpoint uses more than the bare route with the same logging (the token it remembers looked up, the customer's switches, the prepared manifest picked, the security headers, the metrics).",
          '',
          ...table(
            ['token', 'answer', 'limit µs', '+ logging µs', '+ endpoint µs', 'total µs', 'logging share', 'endpoint share'],
            at100.map(({ account, path, results: { manifest, bare, limit } }) => [
              account,
              path,
              limit.cpuMicrosPerRequest.toFixed(1),
              (bare.cpuMicrosPerRequest - limit.cpuMicrosPerRequest).toFixed(1),
              (manifest.cpuMicrosPerRequest - bare.cpuMicrosPerRequest).toFixed(1),
              manifest.cpuMicrosPerRequest.toFixed(1),
              `${Math.round((100 * (bare.cpuMicrosPerRequest - limit.cpuMicrosPerRequest)) / manifest.cpuMicrosPerRequest)}%`,
              `${Math.round((100 * (manifest.cpuMicrosPerRequest - bare.cpuMicrosPerRequest)) / manifest.cpuMicrosPerRequest)}%`,
            ]),
          ),
          '',
        ],
      };
    } finally {
      await references.bare?.stop();
      await references.limit?.stop();
      await service.stop();
    }
  },
};

export default benchmark;
