// One start of the config service as a production replica starts (the image's environment, PostgreSQL,
// a Cognito-like issuer): the time from spawning the process to its first `/readyz` 200, then its
// resident memory once it has answered a number of manifest requests as browsers ask for them.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../config-service/src/testing/freePort.ts';
import { cpuMicros } from './processCpu.ts';

/** How a replica is started: node and its arguments, from a repository's root (the image's WORKDIR). */
export interface StartCommand {
  /** The row's name in the figures. */
  label: string;
  /** The repository the service runs from: its node_modules, route-manifests/ and web/dist. */
  root: string;
  /** node's arguments, e.g. ['--enable-source-maps', 'config-service/dist/server.js']. */
  args: string[];
  /** Extra environment for this command alone (TSX_DISABLE_CACHE). */
  env?: Record<string, string>;
}

export interface StartupRun {
  /** Spawn to the first 200 from /readyz. */
  readyMs: number;
  /** CPU time (user and system, every thread) the process had used when first ready: what other work on the machine moves less. */
  cpuAtReadyMs: number;
  /** VmRSS when first ready, MiB. */
  rssReadyMiB: number;
  /** VmRSS after the manifest requests, MiB. */
  rssAfterMiB: number;
  /** VmHWM (the most resident at any time), MiB. */
  peakMiB: number;
  /** Answers by status code and content coding, e.g. { '200 br': 1000 }. */
  answers: Record<string, number>;
}

export interface LoadPlan {
  /** The replica's environment besides its port and data folder: the database, the issuer, the log level. */
  env: Record<string, string>;
  /** A bearer token the manifest requests carry. */
  token: string;
  requests: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Where the replica's standard output and error go. */
  logFile: string;
}

/** The image's own settings (Dockerfile, runtime stage), on loopback, with the messaging sink every figure so far had (it has no default outside local). */
const IMAGE_ENV = { NODE_ENV: 'production', ENVIRONMENT: 'production', HOST: '127.0.0.1', MESSAGING_SINK: 'local' };
/** What a developer's shell may hold that would change what starts: a loader, local shortcuts, another pool. */
const INHERITED =
  /^(COGNITO_|ALLOW_|API_BASE_|TSX_)|^(NODE_OPTIONS|IDENTITY_PROVIDER|SEED_DEMO_DATA|LOCAL_MAIN_API|METRICS_TOKEN|PUBLIC_ORIGIN|DATABASE_URL|MANIFEST_SOURCE|MANIFESTS_DIR|WEB_DIST|DATA_DIR|LOG_LEVEL)$/;
/** Browsers' Accept-Encoding (Chromium's, less zstd, which the service does not offer). */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS and VmHWM of a live process, in MiB. */
export function residentMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kB('VmRSS') / 1024, peak: kB('VmHWM') / 1024 };
}

/** Starts `command`, times it to ready, loads it, reads its memory, and stops it. */
export async function startAndLoad(command: StartCommand, plan: LoadPlan): Promise<StartupRun> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-startup-data-'));
  const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED.test(name)));
  Object.assign(env, IMAGE_ENV, { PORT: String(port), DATA_DIR: dataDir, WEB_DIST: join(command.root, 'web/dist') }, plan.env, command.env);
  const base = `http://127.0.0.1:${port}`;
  const log = openSync(plan.logFile, 'a');
  const began = performance.now();
  // node itself, not through taskset or a shell: the pid is the server's, for /proc.
  const child = spawn(process.execPath, command.args, { cwd: command.root, env, stdio: ['ignore', log, log] });
  closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  try {
    let readyMs = Number.NaN;
    while (Number.isNaN(readyMs)) {
      if (!alive()) throw new Error(`${command.label} exited before it was ready; see ${plan.logFile}`);
      if (performance.now() - began > GIVE_UP_MS) throw new Error(`${command.label} not ready within ${GIVE_UP_MS} ms; see ${plan.logFile}`);
      const ok = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.status === 200;
        },
        () => false,
      );
      if (ok) readyMs = performance.now() - began;
      else await sleep(POLL_MS);
    }
    const cpuAtReadyMs = cpuMicros(child.pid!) / 1000;
    const atReady = residentMiB(child.pid!);

    const answers: Record<string, number> = {};
    let next = 0;
    const worker = async () => {
      while (next < plan.requests) {
        next++;
        const response = await fetch(`${base}/api/v1/manifest`, { headers: { authorization: `Bearer ${plan.token}`, 'accept-encoding': ACCEPT_ENCODING } });
        await response.arrayBuffer();
        const key = `${response.status} ${response.headers.get('content-encoding') ?? 'identity'}`;
        answers[key] = (answers[key] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: plan.concurrency }, worker));
    const after = residentMiB(child.pid!);
    return { readyMs, cpuAtReadyMs, rssReadyMiB: atReady.rss, rssAfterMiB: after.rss, peakMiB: after.peak, answers };
  } finally {
    if (alive()) {
      child.kill('SIGTERM');
      const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(late);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
