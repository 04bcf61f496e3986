// The image's own start command starts the service in production mode against PostgreSQL, as the image
// runs it (the image itself cannot be built here: there is no Docker).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../config-service/src/testing/freePort.ts';
import { freshPostgresDatabase } from '../config-service/src/testing/freshPostgresDatabase.ts';
import { startJwksIssuer } from '../config-service/src/testing/jwksIssuer.ts';
import { bundleEntries, gzippedTar } from '../config-service/src/testing/bundleTar.ts';
import { bearer } from '../config-service/src/testing/signedRequest.ts';
import { buildService, command, localNginxConf, NGINX, nginxArgs, replicas, root, runtimeEnv } from './packagingFiles.mjs';

// A staff user: the event stream is for staff, or for a user about their own customer (decision 0043).
const STAFF = { sub: 'packaging-user', email: 'ops@example.com', auth: { role: 'sentient' } };

const DATABASE_SECRET = 'Db-Passw0rd-S3cret';
/** The test server's address with a password in both places a connection string can hold one. */
function withPasswords(url) {
  const parsed = new URL(url);
  parsed.password = `${DATABASE_SECRET}-userinfo`;
  parsed.searchParams.set('password', `${DATABASE_SECRET}-query`);
  return parsed.href;
}

/** Runs deploy/healthcheck.mjs as the image's HEALTHCHECK does; answers its exit code. */
const healthcheck = (port) =>
  spawnSync(process.execPath, [join(root, 'deploy/healthcheck.mjs')], { env: { ...process.env, PORT: String(port) }, encoding: 'utf8', timeout: 10_000 })
    .status;

/** Reads a streamed body until `text` has arrived; answers what arrived. */
async function readUntil(response, text, ms) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = '';
  const deadline = Date.now() + ms;
  try {
    while (!received.includes(text) && Date.now() < deadline) {
      const { value, done } = await Promise.race([
        reader.read(),
        new Promise((resolve) => setTimeout(() => resolve({ value: undefined, done: false }), deadline - Date.now())),
      ]);
      if (done) break;
      if (value) received += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return received;
}

describe("the image's start command", () => {
  const clientId = 'packaging-client';
  /** The user pool the service trusts, as production's Cognito would be. */
  let pool;
  let database;
  let service;
  let port;
  let dataDir;
  const output = [];
  let exited;

  beforeAll(async () => {
    pool = await startJwksIssuer({ pool: 'eu-west-1_packaging', clientId, kid: 'packaging-key' });
    database = await freshPostgresDatabase(inject('postgresUrl'));
    port = await freePort();

    // The image's build compiles the service; so does this test, from the sources as they are now.
    buildService();
    const [program, ...args] = command;
    expect(program).toBe('node');
    const env = { ...process.env, ...runtimeEnv };
    for (const name of Object.keys(env))
      if (/^(COGNITO_|ALLOW_|API_BASE_)|^(IDENTITY_PROVIDER|SEED_DEMO_DATA|LOCAL_MAIN_API|METRICS_TOKEN|PUBLIC_ORIGIN)$/.test(name)) delete env[name];
    Object.assign(env, {
      NODE_OPTIONS: '',
      // Loopback rather than the image's 0.0.0.0: nothing else on this machine needs to reach it.
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: (dataDir = mkdtempSync(join(tmpdir(), 'packaging-data-'))),
      WEB_DIST: join(tmpdir(), 'no-web-app'),
      // A password in both places a connection string can hold one (the test server trusts, so neither is used).
      DATABASE_URL: withPasswords(database.url),
      // The stand-in pool, and the AWS SDK's endpoint and credentials for its API.
      ...pool.env,
      LOG_LEVEL: 'warn',
      // Outside local the operator must choose a sink (deploy/env.example); none sends nothing anywhere.
      MESSAGING_SINK: 'none',
    });
    // From the repository's root, as the image runs it from its WORKDIR; no loader a developer's shell may add.
    service = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    service.stdout.on('data', (chunk) => output.push(chunk.toString()));
    service.stderr.on('data', (chunk) => output.push(chunk.toString()));
    exited = new Promise((resolve) => service.once('exit', (code, signal) => resolve({ code, signal })));
    for (let i = 0; i < 240; i++) {
      if (service.exitCode !== null) throw new Error(`the service exited:\n${output.join('')}`);
      if (
        await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the service did not answer /healthz:\n${output.join('')}`);
  }, 90_000);

  afterAll(async () => {
    if (service && service.exitCode === null && service.signalCode === null) {
      service.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await pool?.close();
  });

  it("is ready: manifests loaded, the identity provider keys fetched, the database answering, the app client's write rights read", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(await response.json()).toMatchObject({ status: 'ready', checks: { appClient: 'ready' } });
    const config = await (await fetch(`http://127.0.0.1:${port}/api/v1/config`)).json();
    expect(JSON.stringify(config)).toContain(clientId);
  });

  it('names the database it uses at start without its password', () => {
    expect(output.join('')).not.toContain(DATABASE_SECRET);
    expect(output.join('')).toMatch(/PostgreSQL at postgres(ql)?:\/\/127\.0\.0\.1:\d+\/test_\w+/);
  });

  it('is healthy to the HEALTHCHECK script, and unhealthy where nothing answers', async () => {
    expect(healthcheck(port)).toBe(0);
    expect(healthcheck(await freePort())).toBe(1);
  });

  it.skipIf(!existsSync(NGINX))(
    'answers through nginx: request ids, bundles up to their own limit, problem+json refusals, events unbuffered, no /metrics',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'nginx-run-'));
      // Workers run as an unprivileged user when the tests run as root: they must reach the temp folders.
      chmodSync(folder, 0o755);
      const proxyPort = await freePort();
      const file = localNginxConf(folder, { upstream: `127.0.0.1:${port}`, listen: `127.0.0.1:${proxyPort}` });
      const nginx = spawn(NGINX, [...nginxArgs(folder, file).slice(0, -1), `pid ${join(folder, 'nginx.pid')}; daemon off;`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const nginxOutput = [];
      nginx.stderr.on('data', (chunk) => nginxOutput.push(chunk.toString()));
      const stopped = new Promise((resolve) => nginx.once('exit', resolve));
      const proxy = `http://127.0.0.1:${proxyPort}`;
      try {
        let up = false;
        for (let i = 0; i < 40 && !up; i++) {
          up = await fetch(`${proxy}/healthz`).then(
            (r) => r.ok,
            () => false,
          );
          if (!up) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        expect(up, nginxOutput.join('')).toBe(true);

        const kept = await fetch(`${proxy}/healthz`, { headers: { 'x-request-id': 'ops-4f1c-7' } });
        expect(kept.headers.get('x-request-id')).toBe('ops-4f1c-7');
        const made = await fetch(`${proxy}/healthz`, { headers: { 'x-request-id': 'not a plain token' } });
        expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);

        // The access log has the path, and not the query's sign-in code, state or signature.
        const secret = 'Query-S3cret';
        await fetch(`${proxy}/healthz?code=${secret}&state=${secret}&signature=${secret}`, { headers: { 'x-request-id': 'query-in-log' } });
        const accessLog = () => (existsSync(join(folder, 'access.log')) ? readFileSync(join(folder, 'access.log'), 'utf8') : '');
        await expect.poll(accessLog).toContain('rid=query-in-log');
        expect(accessLog()).toMatch(/"GET \/healthz HTTP\/1\.1" 200 .*rid=query-in-log/);
        expect(accessLog()).not.toContain(secret);

        const metrics = await fetch(`${proxy}/metrics`);
        expect(metrics.status).toBe(404);
        // nginx's own page, not the service's problem+json: the request never reached a replica.
        expect(metrics.headers.get('content-type')).not.toContain('problem+json');
        for (const hidden of ['/readyz', '/api/docs', '/api/docs/json']) {
          const answer = await fetch(`${proxy}${hidden}`);
          expect(answer.status, hidden).toBe(404);
          expect(answer.headers.get('content-type'), hidden).not.toContain('problem+json');
        }

        // A module bundle of 2 MB (gzipped) is stored by the service, past the 1 MB other bodies get;
        // one over the upload route's own limit is refused by nginx in problem+json, as is a 2 MB body elsewhere.
        const upload = (version, body) =>
          fetch(`${proxy}/api/v1/admin/modules/lcc/bundles/${version}`, {
            method: 'PUT',
            headers: bearer(pool.idToken(STAFF), { 'content-type': 'application/gzip' }),
            body,
          });
        const padding = `// ${randomBytes(2_900_000).toString('base64')}\n`;
        const bundle = gzippedTar([...bundleEntries('through-nginx'), { path: 'padding.js', content: padding }]);
        expect(bundle.length).toBeGreaterThan(2 * 1024 * 1024);
        const stored = await upload('7.0.0', bundle);
        expect(stored.status, await stored.clone().text()).toBe(201);
        expect(await stored.json()).toMatchObject({ module: 'lcc', version: '7.0.0', uploadedBy: { sub: STAFF.sub } });
        for (const [what, answer] of [
          ['a 12 MB upload', await upload('7.0.1', randomBytes(12 * 1024 * 1024))],
          [
            'a 2 MB body elsewhere',
            await fetch(`${proxy}/api/v1/admin/preview`, {
              method: 'POST',
              headers: bearer(pool.idToken(STAFF), { 'content-type': 'application/json' }),
              body: `"${'x'.repeat(2 * 1024 * 1024)}"`,
            }),
          ],
        ]) {
          expect(answer.status, what).toBe(413);
          expect(answer.headers.get('content-type'), what).toBe('application/problem+json');
          expect(answer.headers.get('x-request-id'), what).toMatch(/^[0-9a-f]{32}$/);
          expect(await answer.json(), what).toMatchObject({ status: 413, code: 'CFG_ERR_PAYLOAD_TOO_LARGE', detail: expect.stringContaining('11 MB') });
        }

        const events = await fetch(`${proxy}/api/v1/events`, { headers: bearer(pool.idToken(STAFF)) });
        expect(events.status).toBe(200);
        expect(events.headers.get('content-type')).toContain('text/event-stream');
        expect(await readUntil(events, 'event: ready', 5000)).toContain('event: ready');
      } finally {
        nginx.kill('SIGQUIT');
        await stopped;
        rmSync(folder, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it('stops on SIGTERM with exit code 0, well within compose.yaml stop_grace_period', async () => {
    const started = Date.now();
    service.kill('SIGTERM');
    expect(await exited, output.join('')).toEqual({ code: 0, signal: null });
    const grace = Number(/^(\d+)s$/.exec(replicas[0][1].stop_grace_period)?.[1]);
    expect(Date.now() - started).toBeLessThan(grace * 1000);
  }, 30_000);
});
