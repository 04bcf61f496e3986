// Two replicas of the config service on one throwaway PostgreSQL server, each started as `npm start`
// starts it (server.ts, environment local, its own identity provider, info logs to a file), and the
// HTTP a benchmark needs against them: sign-in, the manifest, a switch write, the event stream.
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error -- plain JavaScript without declarations; its one export is typed below
import { startTestPostgres as startUntypedPostgres } from '../../scripts/testPostgres.mjs';
import { startService, type ServiceProcess } from '../../config-service/src/testing/serviceProcess.ts';

const startTestPostgres = startUntypedPostgres as () => Promise<{ url: string; stop(): Promise<void> }>;

export interface Replicas {
  a: ServiceProcess;
  b: ServiceProcess;
  /** Where each replica's log went. */
  logs: { a: string; b: string };
  stop(): Promise<void>;
}

export interface ReplicaOptions {
  root: string;
  /** Extra environment for both replicas. */
  env?: Record<string, string>;
  /** Pin replica A and B to these CPUs (taskset); unpinned when undefined. */
  cpus?: { a?: number; b?: number };
  /**
   * node --cpu-prof for both, into replica-a/ and replica-b/ here at exit: one profile per thread, the
   * largest the main thread's (tsx's loader has a thread of its own).
   */
  cpuProfileDir?: string;
}

/** A PostgreSQL server of its own and two replicas on it, started together as in a deployment. */
export async function startReplicas(options: ReplicaOptions): Promise<Replicas> {
  const postgres = await startTestPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'bench-replicas-'));
  const logs = { a: join(dir, 'a.log'), b: join(dir, 'b.log') };
  // The replicas serve a copy of the built web app: a rebuild while the benchmark runs does not change the page under measurement.
  // Without a build they serve the API alone, which is all a benchmark with no page needs.
  const webDist = join(dir, 'web-dist');
  if (existsSync(join(options.root, 'web/dist'))) cpSync(join(options.root, 'web/dist'), webDist, { recursive: true });
  const start = (name: 'a' | 'b') =>
    startService({
      databaseUrl: postgres.url,
      logFile: logs[name],
      cpu: options.cpus?.[name],
      nodeOptions: options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(options.cpuProfileDir, `replica-${name}`)}`] : [],
      env: { LOG_LEVEL: 'info', WEB_DIST: webDist, ...options.env },
    });
  let started: ServiceProcess[] = [];
  try {
    started = await Promise.all([start('a'), start('b')]);
  } catch (error) {
    await postgres.stop();
    throw error;
  }
  const [a, b] = started as [ServiceProcess, ServiceProcess];
  return {
    a,
    b,
    logs,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      await postgres.stop();
    },
  };
}

/** The module keys a user's manifest holds, as a replica serves it now. */
export async function manifestModules(replica: ServiceProcess, token: string): Promise<string[]> {
  const response = await fetch(`${replica.base}/api/v1/manifest`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`manifest: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { modules: { key: string }[] }).modules.map((m) => m.key);
}

/** The release a user's manifest is built from, as a replica serves it now. */
export async function manifestVersion(replica: ServiceProcess, token: string): Promise<string> {
  const response = await fetch(`${replica.base}/api/v1/manifest`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`manifest: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { version: string }).version;
}

/** A module's switch for a customer, as an operator reads it before writing. */
export async function readSwitch(
  replica: ServiceProcess,
  token: string,
  customerId: string,
  moduleKey: string,
): Promise<{ enabled: boolean; version: number }> {
  const response = await fetch(`${replica.base}/api/v1/customers/${customerId}/modules/${moduleKey}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`read switch: ${response.status} ${await response.text()}`);
  return (await response.json()) as { enabled: boolean; version: number };
}

/** Writes a switch as the customers screen does (If-Match, a reason); answers the new version. */
export async function writeSwitch(
  replica: ServiceProcess,
  token: string,
  write: { customerId: string; moduleKey: string; enabled: boolean; version: number; reason: string },
): Promise<number> {
  const response = await fetch(`${replica.base}/api/v1/customers/${write.customerId}/modules/${write.moduleKey}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'if-match': `"${write.version}"` },
    body: JSON.stringify({ enabled: write.enabled, reason: write.reason }),
  });
  if (!response.ok) throw new Error(`write switch: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { version: number }).version;
}

/** An open event stream: the arrival time (performance.now()) of each event, by name, as it comes. */
export interface EventStream {
  /** Resolves with the arrival time of the first `name` event after `after`. */
  next(name: string, after: number): Promise<number>;
  close(): void;
}

/** Opens GET /api/v1/events and resolves once its 'ready' event has come. */
export async function openEvents(replica: ServiceProcess, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${replica.base}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
  const arrivals: Array<{ name: string; at: number }> = [];
  const waiting = new Set<() => void>();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (!name) continue;
          if (name === 'ready') ready();
          arrivals.push({ name, at });
        }
        for (const wake of [...waiting]) wake();
      }
    } catch {
      // Aborted by close().
    }
  })();
  await isReady;
  return {
    next: (name, after) =>
      new Promise((resolve) => {
        const look = () => {
          const found = arrivals.find((e) => e.name === name && e.at >= after);
          if (!found) return;
          waiting.delete(look);
          resolve(found.at);
        };
        waiting.add(look);
        look();
      }),
    close: () => controller.abort(),
  };
}
