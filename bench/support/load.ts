import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pinned } from '../../config-service/src/testing/serviceProcess.ts';

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

const child = fileURLToPath(new URL('./loadChild.ts', import.meta.url));

/** Loads one URL with autocannon from a process pinned to `cpu` (where taskset is there). */
export function load(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  cpu?: number;
  /** A POST of this body instead of a GET. */
  method?: 'POST';
  body?: string;
}): Promise<LoadResult> {
  const { cpu, ...rest } = options;
  return new Promise((resolve, reject) => {
    const run = spawn(...pinned(cpu, process.execPath, ['--import', 'tsx', child, JSON.stringify({ headers: {}, ...rest })]), {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    run.on('error', reject);
    run.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`load generator exited ${code}: ${out}`));
      resolve(JSON.parse(last) as LoadResult);
    });
  });
}

/** Two halves of one measurement: requests added, rates and latencies averaged (equal durations). */
export function combine(a: LoadResult, b: LoadResult): LoadResult {
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
