// Two service processes against one PostgreSQL server, as two replicas behind a load balancer: a
// switch written through one must be served by the other, whose cache is warm, without a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { CustomerModule, UserManifest } from '@platform/schemas';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';

const root = new URL('../../..', import.meta.url).pathname;
const PASSWORD = 'Demo-Passw0rd!';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Replica {
  base: string;
  process: ChildProcess;
  output: string[];
}

async function startReplica(databaseUrl: string): Promise<Replica> {
  const [port, idpPort] = [await freePort(), await freePort()];
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'config-service/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ENVIRONMENT: 'local',
      PORT: String(port),
      LOCAL_IDP_PORT: String(idpPort),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'replica-')),
      DATABASE_URL: databaseUrl,
      WEB_DIST: join(tmpdir(), 'no-web-app'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`replica exited:\n${output.join('')}`);
    if (await fetch(`${base}/api/v1/config`).then((r) => r.ok, () => false)) return { base, process: child, output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`replica did not start:\n${output.join('')}`);
}

/** Signs in at the replica's own identity provider, as the browser would. */
async function idToken(replica: Replica, email: string): Promise<string> {
  const config = (await (await fetch(`${replica.base}/api/v1/config`)).json()) as { auth: { userPoolClientId: string } };
  const answer = await fetch(`${replica.base}/idp`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.auth.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD } }),
  });
  return ((await answer.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

const get = async <T>(replica: Replica, path: string, token: string) => (await (await fetch(`${replica.base}${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as T;

describe('two replicas on one PostgreSQL server', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await freshPostgresDatabase(inject('postgresUrl'));
    // Started together: both migrate and seed the same empty database at once.
    [a, b] = await Promise.all([startReplica(database.url), startReplica(database.url)]);
  }, 120_000);
  afterAll(async () => {
    for (const replica of [a, b]) {
      if (!replica || replica.process.exitCode !== null) continue;
      const exited = new Promise((resolve) => replica.process.once('exit', resolve));
      replica.process.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  }, 30_000);

  it('serves a switch written through one replica from the other, whose cache was warm', async () => {
    const [staffA, staffB, engineerB] = [await idToken(a, 'staff@demo.local'), await idToken(b, 'staff@demo.local'), await idToken(b, 'engineer@acme.example')];
    // Both replicas seeded the demo customers; the database holds them once.
    expect((await get<{ customers: { id: string }[] }>(b, '/api/v1/customers', staffB)).customers.map((c) => c.id)).toEqual(['acme', 'globex']);
    // B reads acme's switches, filling its cache.
    const modulesOf = async () => (await get<UserManifest>(b, '/api/v1/manifest', engineerB)).modules.map((m) => m.key);
    expect(await modulesOf()).toContain('lcc');

    const seen = await get<CustomerModule>(a, '/api/v1/customers/acme/modules/lcc', staffA);
    const put = await fetch(`${a.base}/api/v1/customers/acme/modules/lcc`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staffA}`, 'content-type': 'application/json', 'if-match': `"${seen.version}"` },
      body: JSON.stringify({ enabled: false, reason: 'replica test' }),
    });
    expect(put.status).toBe(200);

    // B learns of it by notification; the interval is generous for a loaded machine, the usual is milliseconds.
    await expect.poll(modulesOf, { timeout: 5_000, interval: 50 }).not.toContain('lcc');
    expect(await get<CustomerModule>(b, '/api/v1/customers/acme/modules/lcc', staffB)).toEqual({ key: 'lcc', enabled: false, version: seen.version + 1 });

    // And a write through B with A's stale version is refused, not applied over A's.
    const stale = await fetch(`${b.base}/api/v1/customers/acme/modules/lcc`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${staffB}`, 'content-type': 'application/json', 'if-match': `"${seen.version}"` },
      body: JSON.stringify({ enabled: true, reason: 'stale' }),
    });
    expect(stale.status).toBe(409);
  }, 60_000);
});
