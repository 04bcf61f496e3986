// Benchmark: POST /api/v1/telemetry/screens (issue 39) beside a bare Fastify POST route that parses the
// same body and answers 202 (with the service's logger and access line, and with no logger: the physical
// limit), one batch size at a time. What one reported event costs the service is its CPU time per event
// over the bare route's. The service runs with a per-user budget no load reaches, so every event is kept,
// added up in memory and written every 2 s to its embedded database, as in production.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idToken, startService } from '../config-service/src/testing/serviceProcess.ts';
import { combine, load, type LoadResult } from './support/load.ts';
import { cpuMicros } from './support/processCpu.ts';
import { table } from './support/stats.ts';
import { target, type Benchmark } from './support/types.ts';
import { startChildServer } from './support/childServer.ts';

const SIDES = ['report', 'bare', 'limit'] as const;
type Side = (typeof SIDES)[number];
const BATCHES = [1, 10, 50];
const CONNECTIONS = 10;

interface Measured extends LoadResult {
  cpuMicrosPerRequest: number;
}

function startBare(logger: 'json' | 'off', dir: string) {
  writeFileSync(join(dir, 'bodies.json'), '{}');
  return startChildServer({
    script: new URL('./support/bareServer.ts', import.meta.url).pathname,
    env: { BODIES: join(dir, 'bodies.json'), LOGGER: logger, LOG_LEVEL: 'info' },
    logFile: join(dir, `bare-${logger}.log`),
  });
}

/**
 * A batch of `size` events as the web app sends it: mostly shown with an open time, a few failures, of
 * the engineer's modules' compiled-in screens (what the demo serves them: anything else is dropped unserved).
 */
const batchOf = (size: number) =>
  JSON.stringify({
    events: Array.from({ length: size }, (_, i) => ({
      moduleKey: ['hs', 'lcc', 'mr'][i % 3],
      bundleVersion: null,
      kind: i % 17 === 16 ? 'render-failed' : 'shown',
      openMs: 120 + ((i * 37) % 900),
    })),
  });

/** The service's counter of screen report events, by outcome, read from /metrics. */
async function reportCounts(base: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const match of text.matchAll(/^config_screen_reports_total\{outcome="([^"]+)"\} (\d+)/gm)) counts[match[1]!] = Number(match[2]);
  return counts;
}

const benchmark: Benchmark = {
  name: 'telemetry',
  title: 'Screen report endpoint next to a bare POST route: throughput, and what one event costs',
  async run({ quick, log }) {
    const dir = mkdtempSync(join(tmpdir(), 'bench-telemetry-'));
    const seconds = quick ? 2 : 8;
    const service = await startService({
      cpu: 0,
      dataDir: join(dir, 'data'),
      logFile: join(dir, 'service.log'),
      env: { NODE_ENV: 'production', LOG_LEVEL: 'info', LOG_FORMAT: 'json', SCREEN_REPORTS_PER_USER: '1000000' },
    });
    const references: Partial<Record<'bare' | 'limit', Awaited<ReturnType<typeof startBare>>>> = {};
    try {
      const token = await idToken(service, 'engineer@acme.example');
      references.bare = await startBare('json', dir);
      references.limit = await startBare('off', dir);
      log(
        `service (sources through tsx, production's JSON logging, embedded database) and the bare routes on CPU 0, load on CPU 1; ${seconds} s a run, ${CONNECTIONS} connections; logs in ${dir}`,
      );
      const requestOf = (side: Side, body: string) => ({
        url: side === 'report' ? `${service.base}/api/v1/telemetry/screens` : `${references[side]!.base}/bare/report`,
        method: 'POST' as const,
        body,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        connections: CONNECTIONS,
        cpu: 1,
      });
      // Every side warmed on every batch size before anything is recorded: JIT, heaps, the buffer's rows.
      for (const batch of BATCHES) for (const side of SIDES) await load({ ...requestOf(side, batchOf(batch)), seconds: quick ? 1 : 2 });

      const rows: { batch: number; bodyBytes: number; results: Record<Side, Measured> }[] = [];
      for (const batch of BATCHES) {
        const body = batchOf(batch);
        const run = async (side: Side) => {
          const pid = side === 'report' ? service.process.pid! : references[side]!.pid;
          const before = cpuMicros(pid);
          const result = await load({ ...requestOf(side, body), seconds: seconds / 2 });
          const wrong = Object.keys(result.statuses).filter((code) => code !== '202');
          if (wrong.length || result.errors || result.timeouts) throw new Error(`${side} batch ${batch}: ${JSON.stringify(result)}`);
          return { ...result, cpu: cpuMicros(pid) - before };
        };
        // In halves, A B C then C B A: whatever drifts during the row (the machine, the heaps) falls on all alike.
        const first: Partial<Record<Side, Awaited<ReturnType<typeof run>>>> = {};
        for (const side of SIDES) first[side] = await run(side);
        const results = {} as Record<Side, Measured>;
        for (const side of [...SIDES].reverse()) {
          const [a, b] = [first[side]!, await run(side)];
          results[side] = { ...combine(a, b), cpuMicrosPerRequest: (a.cpu + b.cpu) / (a.requests + b.requests) };
        }
        rows.push({ batch, bodyBytes: Buffer.byteLength(body), results });
        const { report, bare, limit } = results;
        log(
          `batch ${String(batch).padStart(2)}: report ${Math.round(report.requestsPerSecond)}/s p99 ${report.p99} ms | bare ${Math.round(bare.requestsPerSecond)}/s | limit ${Math.round(limit.requestsPerSecond)}/s | CPU µs a request ${report.cpuMicrosPerRequest.toFixed(0)} / ${bare.cpuMicrosPerRequest.toFixed(0)} / ${limit.cpuMicrosPerRequest.toFixed(0)}`,
        );
      }
      // The last flush: every event answered 202 is kept or counted as dropped.
      await new Promise((r) => setTimeout(r, 3_000));
      const counts = await reportCounts(service.base);
      const sent = rows.reduce((n, r) => n + r.batch * r.results.report.requests, 0);
      const perEvent = (r: (typeof rows)[number]) => (r.results.report.cpuMicrosPerRequest - r.results.bare.cpuMicrosPerRequest) / r.batch;
      const ratio = (r: (typeof rows)[number], side: 'bare' | 'limit') => r.results.report.requestsPerSecond / r.results[side].requestsPerSecond;
      const largest = rows.at(-1)!;
      const single = rows[0]!;
      return {
        figures: { seconds, connections: CONNECTIONS, rows, counts, eventsMeasured: sent },
        targets: [
          target('throughput vs bare POST route, same logging, 1 event a batch', ratio(single, 'bare'), 'min', 0.5, '×'),
          target('service CPU per event over the bare route, 50 events a batch', perEvent(largest), 'max', 20, ' µs'),
          target('events dropped (buffer or database) under load', (counts['dropped-buffer'] ?? 0) + (counts['dropped-database'] ?? 0), 'max', 0, ''),
          target('events dropped as no screen the user is served', counts['dropped-unserved'] ?? 0, 'max', 0, ''),
        ],
        report: [
          `POST /api/v1/telemetry/screens with batches of 1, 10 and 50 events (two thirds shown with an open time, one in 17 a render failure, across three modules) from one signed-in user at ${CONNECTIONS} connections, ${seconds} s a side in halves run report, bare, limit, limit, bare, report (rates and latencies the mean of the halves), after a warm-up of all three on every batch size. **report**: the endpoint (sign-in, schema, budget, buffer; rows written every 2 s to the embedded database, in the same process); **bare**: a Fastify POST route parsing the same body with the same logger and access line, answering 202; **limit**: the same with no logger. Requests/s, then p50 / p99 in ms; CPU µs per request from /proc.`,
          '',
          ...table(
            ['events a batch', 'body bytes', 'report', 'bare', 'limit', 'of bare', 'of limit', 'report µs', 'bare µs', 'limit µs', 'µs an event over bare'],
            rows.map((r) => [
              r.batch,
              r.bodyBytes,
              `${Math.round(r.results.report.requestsPerSecond)} (${r.results.report.p50} / ${r.results.report.p99})`,
              `${Math.round(r.results.bare.requestsPerSecond)} (${r.results.bare.p50} / ${r.results.bare.p99})`,
              `${Math.round(r.results.limit.requestsPerSecond)} (${r.results.limit.p50} / ${r.results.limit.p99})`,
              ratio(r, 'bare').toFixed(3),
              ratio(r, 'limit').toFixed(3),
              r.results.report.cpuMicrosPerRequest.toFixed(0),
              r.results.bare.cpuMicrosPerRequest.toFixed(0),
              r.results.limit.cpuMicrosPerRequest.toFixed(0),
              perEvent(r).toFixed(1),
            ]),
          ),
          '',
          `Events the service counted over the run (warm-up included): ${Object.entries(counts)
            .map(([outcome, n]) => `${outcome} ${n.toLocaleString('en-US')}`)
            .join(', ')}; ${sent.toLocaleString('en-US')} events in the measured runs.`,
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
