// Test support: the config service as its own process, started as `npm start` starts it (server.ts
// with its local identity provider), for tests about processes: replicas, crashes, restarts.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

const root = new URL('../../..', import.meta.url).pathname;
const PASSWORD = 'Demo-Passw0rd!';

export interface ServiceProcess {
  base: string;
  process: ChildProcess;
  output: string[];
  /** Its DATA_DIR: `dataDir`, or a folder made for it. */
  dataDir: string;
  /** SIGTERM, and waits for the exit; then removes the data folder when this module made it (no `dataDir`). */
  stop(): Promise<void>;
}

/**
 * Starts server.ts in environment local and waits until it answers. `DATABASE_URL` unset means the
 * embedded database in `dataDir`.
 */
export interface ServiceOptions {
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** Run on this CPU alone (taskset), so a load generator on another does not share it (benchmarks). */
  cpu?: number;
  /** Extra options for node itself, before the script: `--cpu-prof` (benchmarks). */
  nodeOptions?: string[];
  /** Standard output and error go to this file instead of `output` (benchmarks: as cheap as a terminal). */
  logFile?: string;
  /** Run the compiled bundle (`npm run build`) as the image does, not the sources through tsx (benchmarks of what production runs). */
  compiled?: boolean;
}

/** A command run on one CPU where taskset is there; as it is elsewhere. */
export function pinned(cpu: number | undefined, command: string, args: string[]): [string, string[]] {
  return cpu !== undefined && existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}

/** The bundle the image runs; an error saying how to make it when it is not there. */
function compiledServer(): string {
  const bundle = join(root, 'config-service/dist/server.js');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`);
  return bundle;
}

export async function startService(options: ServiceOptions = {}): Promise<ServiceProcess> {
  const [port, idpPort] = [await freePort(), await freePort()];
  const output: string[] = [];
  // A folder of its own unless the test keeps one (to start another process on the same data).
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'service-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ENVIRONMENT: 'local',
    PORT: String(port),
    LOCAL_IDP_PORT: String(idpPort),
    DATA_DIR: dataDir,
    WEB_DIST: join(tmpdir(), 'no-web-app'),
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const log = options.logFile ? openSync(options.logFile, 'a') : 'pipe';
  const script = options.compiled ? ['--enable-source-maps', compiledServer()] : ['--import', 'tsx', join(root, 'config-service/src/server.ts')];
  const child = spawn(...pinned(options.cpu, process.execPath, [...(options.nodeOptions ?? []), ...script]), { cwd: root, env, stdio: ['ignore', log, log] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`service exited:\n${output.join('') || `see ${options.logFile}`}`);
    if (
      await fetch(`${base}/api/v1/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { base, process: child, output, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`service did not start:\n${output.join('')}`);
}

/** Signs a demo account in at the service's own identity provider, as the browser would. */
export async function idToken(service: { base: string }, email: string): Promise<string> {
  const config = (await (await fetch(`${service.base}/api/v1/config`)).json()) as { auth: { userPoolClientId: string } };
  const answer = await fetch(`${service.base}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.auth.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD } }),
  });
  return ((await answer.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}
