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
