// A reference server of a benchmark (a bare route, a bare file server) in a process of its own, pinned to a
// CPU as the service is, so that each side of a comparison runs on the same terms.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { freePort } from '../../config-service/src/testing/freePort.ts';
import { pinned } from '../../config-service/src/testing/serviceProcess.ts';

export interface ChildServer {
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `script` (a TypeScript file of bench/support/ answering GET /ready) on a free port, on `cpu`, with
 * `env` beside PORT, its output appended to `logFile`; resolves once it answers /ready (or after 30 s).
 */
export async function startChildServer(options: {
  script: string;
  env: Record<string, string>;
  logFile: string;
  cpu?: number;
  nodeOptions?: string[];
}): Promise<ChildServer> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const child = spawn(...pinned(options.cpu ?? 0, process.execPath, [...(options.nodeOptions ?? []), '--import', 'tsx', options.script]), {
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  const ready = () =>
    fetch(`${base}/ready`).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 120 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 250));
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
