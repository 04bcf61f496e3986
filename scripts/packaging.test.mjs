// The production packaging (Dockerfile, compose.yaml, deploy/) cannot be built here: there is no Docker.
// What can be checked is checked: the files say what production needs, name only things that exist, agree
// with one another, and the image's own start command starts the service in production mode against
// PostgreSQL. nginx's configuration is tested by nginx itself where nginx is installed.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../config-service/src/testing/freePort.ts';
import { freshPostgresDatabase } from '../config-service/src/testing/freshPostgresDatabase.ts';
import { startJwksIssuer } from '../config-service/src/testing/jwksIssuer.ts';
import { bearer } from '../config-service/src/testing/signedRequest.ts';
import { imageNodeLine } from './imageNode.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path) => readFileSync(join(root, path), 'utf8');
const NGINX = '/usr/sbin/nginx';

/** The Dockerfile as stages of instructions: continuation lines joined, comments dropped. */
function dockerfileStages(text) {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), args: rest };
    });
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push({ from: instruction.args, instructions: [] });
    else stages.at(-1).instructions.push(instruction);
  }
  return stages;
}

/** ENV lines, both `ENV A=1 B=2` and `ENV A 1`, as one object. */
function envOf(stage) {
  const env = {};
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    if (!args.includes('=')) {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const [, name, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) env[name] = value.replace(/^"|"$/g, '');
  }
  return env;
}

/** The exec form's argument list; the shell form would put a shell between the signal and the service. */
function execForm(args) {
  expect(args, `${args} should be in exec form ["node", ...]`).toMatch(/^\[/);
  return JSON.parse(args);
}

/** Whether a path (with `*` in its last part) names something in the repository. */
function existsInRepo(path) {
  const clean = path.replace(/\/$/, '');
  if (!clean.includes('*')) return existsSync(join(root, clean));
  const pattern = new RegExp(
    `^${clean
      .split('/')
      .at(-1)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')}$`,
  );
  return readdirSync(join(root, dirname(clean))).some((name) => pattern.test(name));
}

const stages = dockerfileStages(read('Dockerfile'));
const runtime = stages.at(-1);
const runtimeOf = (keyword) => runtime.instructions.filter((i) => i.keyword === keyword);
const command = execForm(runtimeOf('CMD').at(-1).args);
const runtimeEnv = envOf(runtime);
/** What the stages before the runtime one run, one RUN a line. */
const buildRuns = stages
  .slice(0, -1)
  .flatMap((s) => s.instructions)
  .filter((i) => i.keyword === 'RUN')
  .map((i) => i.args)
  .join('\n');

const compose = parseYaml(read('compose.yaml'), { merge: true });
/** The services that run the platform's image (built from this directory). */
const replicas = Object.entries(compose.services).filter(([, service]) => service.build === '.' || service.build?.context === '.');
const nginxConf = read('deploy/nginx.conf');

/** Compiles the service as `npm run build` does (once a run), from the sources as they are now. */
let compiled = false;
function buildService() {
  if (compiled) return;
  const built = spawnSync(process.execPath, [join(root, 'scripts/buildService.mjs')], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`scripts/buildService.mjs failed:\n${built.stderr}`);
  compiled = true;
}

describe('Dockerfile', () => {
  it('builds in stages on slim images of one Node line', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const line = imageNodeLine(read('Dockerfile'));
    for (const stage of stages) expect(stage.from).toMatch(new RegExp(`^node:${line}[\\w.-]*-slim\\b`));
  });

  it("runs a Node line every package.json's engines names, and compiles for the oldest one named", () => {
    const line = imageNodeLine(read('Dockerfile'));
    const engines = ['package.json', 'schemas/package.json', 'config-service/package.json', 'web/package.json'].map(
      (file) => JSON.parse(read(file)).engines?.node,
    );
    expect(new Set(engines).size).toBe(1);
    const ranges = engines[0].split('||').map((range) => range.trim());
    expect(ranges.map((range) => /^\^(\d+)\b/.exec(range)?.[1])).toContain(line);
    // The bundle is compiled for the oldest line supported (the development machines').
    const [, major, minor] = /^\^(\d+)\.(\d+)/.exec(ranges[0]);
    expect(read('scripts/buildService.mjs')).toContain(`target: 'node${major}.${minor}'`);
  });

  it('builds the web app and the generated schemas before the runtime stage', () => {
    expect(buildRuns).toMatch(/npm ci\b/);
    expect(buildRuns).toMatch(/npm run build\b/);
    // `npm run build` is what generates the schema copies, builds web/dist and compiles the service.
    expect(JSON.parse(read('package.json')).scripts.build).toMatch(/schemas:generate.*build --workspace @platform\/web.*scripts\/buildService\.mjs/);
    expect(runtimeOf('COPY').map((c) => c.args)).toEqual(expect.arrayContaining([expect.stringMatching(/--from=build \/app\/config-service\/dist\b/)]));
    expect(runtimeOf('COPY').map((c) => c.args)).toEqual(expect.arrayContaining([expect.stringMatching(/--from=build \/app\/web\/dist\b/)]));
  });

  it('installs only production dependencies in the runtime stage', () => {
    const installs = runtimeOf('RUN')
      .map((i) => i.args)
      .filter((args) => /npm (ci|install)\b/.test(args));
    expect(installs).toHaveLength(1);
    expect(installs[0]).toMatch(/npm ci\b.*--omit=dev/);
  });

  it('runs as a user other than root', () => {
    const users = runtimeOf('USER').map((i) => i.args.split(':')[0]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    const index = (i) => runtime.instructions.indexOf(i);
    expect(index(runtimeOf('USER').at(-1))).toBeLessThan(index(runtimeOf('CMD').at(-1)));
  });

  it('is configured for production and listens on every interface, port 8080', () => {
    expect(runtimeEnv).toMatchObject({ ENVIRONMENT: 'production', HOST: '0.0.0.0', PORT: '8080' });
    expect(runtimeOf('EXPOSE').map((i) => i.args)).toContain('8080');
  });

  it('starts the compiled service with plain node: no TypeScript tool', () => {
    expect(command).toEqual(['node', '--enable-source-maps', 'config-service/dist/server.js']);
    expect(
      runtimeOf('COPY')
        .map((c) => c.args)
        .join('\n'),
    ).not.toMatch(/config-service\/src\s|\.ts\b|tsconfig/);
  });

  it('finds every package the compiled service imports among the production dependencies the runtime stage installs', () => {
    buildService();
    const meta = JSON.parse(read('config-service/dist/server.meta.json'));
    const imported = new Set(
      Object.values(meta.outputs)
        .flatMap((output) => output.imports)
        .filter((i) => i.external && !i.path.startsWith('node:'))
        .map((i) => i.path),
    );
    const packages = [...new Set([...imported].map((name) => (name.startsWith('@') ? name.split('/').slice(0, 2) : name.split('/').slice(0, 1)).join('/')))];
    expect(packages).toContain('fastify');
    // The workspace is compiled in; a TypeScript tool is never needed.
    expect(packages.filter((name) => name.startsWith('@platform/') || name === 'tsx')).toEqual([]);
    const lock = JSON.parse(read('package-lock.json'));
    const notProduction = packages.filter((name) => {
      // Resolved from config-service/dist/: the workspace's own node_modules first, then the hoisted ones.
      const entry = lock.packages[`config-service/node_modules/${name}`] ?? lock.packages[`node_modules/${name}`];
      return !entry || entry.dev === true || entry.devOptional === true;
    });
    expect(notProduction).toEqual([]);
    // The local-only packages are development dependencies, resolved at run time only when used.
    const service = JSON.parse(read('config-service/package.json'));
    for (const name of ['cognito-local', 'pino-pretty', 'tsx']) expect(service.dependencies).not.toHaveProperty(name);
  });

  it('writes a CycloneDX software bill of materials of the production dependencies with every build', () => {
    expect(buildRuns).toMatch(/npm sbom\b.*--omit=dev.*--sbom-format cyclonedx/);
    expect(runtimeOf('COPY').map((c) => c.args)).toContainEqual(expect.stringMatching(/--from=build \/app\/sbom\.cdx\.json/));
  });

  it('checks its health with node against /healthz', () => {
    const healthchecks = runtimeOf('HEALTHCHECK');
    expect(healthchecks).toHaveLength(1);
    const [, check] = /\bCMD\s+(\[.*\])$/.exec(healthchecks[0].args);
    const [program, script] = execForm(check);
    expect(program).toBe('node');
    expect(read(script)).toContain('/healthz');
    expect(runtimeOf('COPY').map((c) => c.args)).toContainEqual(expect.stringContaining(script));
  });

  it('copies only what exists, and nothing .dockerignore leaves out', () => {
    const ignored = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    const copies = stages.flatMap((s) => s.instructions).filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='));
    const sources = copies
      .flatMap((c) =>
        c.args
          .split(/\s+/)
          .filter((word) => !word.startsWith('--'))
          .slice(0, -1),
      )
      .filter((source) => source !== '.');
    expect(sources.length).toBeGreaterThan(5);
    for (const source of sources) {
      expect({ source, exists: existsInRepo(source) }).toEqual({ source, exists: true });
      expect(ignored).not.toContain(source.replace(/\/$/, ''));
    }
  });

  it('leaves the host-made and secret files out of the build context', () => {
    const ignored = read('.dockerignore');
    for (const entry of ['.git', '**/node_modules', '**/dist', '.data', '.env']) expect(ignored.split(/\r?\n/)).toContain(entry);
  });

  it('carries what the service reads from its tree: manifests, the screens, the migrations', () => {
    const copied = runtimeOf('COPY')
      .map((c) => c.args)
      .join('\n');
    expect(copied).toMatch(/\broute-manifests\b/);
    expect(copied).toMatch(/\bschemas\/screen-catalogue\.json\b/);
    // The migrations are read from their folder in the sources at start-up, which the image keeps.
    expect(copied).toMatch(/\bconfig-service\/src\/store\/migrations\b/);
    expect(readdirSync(join(root, 'config-service/src/store/migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL 15 on a volume, checked with pg_isready', () => {
    const db = compose.services.db;
    expect(db.image).toMatch(/^postgres:15\b/);
    expect(db.volumes.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(Object.keys(compose.volumes)).toContain(db.volumes[0].split(':')[0]);
    expect(JSON.stringify(db.healthcheck.test)).toContain('pg_isready');
  });

  it('runs two replicas of the image, each on the database, with the Cognito settings from .env', () => {
    expect(replicas.map(([name]) => name)).toHaveLength(2);
    for (const [name, service] of replicas) {
      expect(service.environment.DATABASE_URL, name).toMatch(/^postgres(ql)?:\/\/[^@]+@db:5432\//);
      expect(service.environment.ENVIRONMENT, name).toBe('production');
      expect([service.env_file].flat(), name).toContain('.env');
      expect(service.depends_on.db, name).toEqual({ condition: 'service_healthy' });
    }
  });

  it('puts nginx in front, with deploy/nginx.conf, once both replicas are healthy', () => {
    const proxy = compose.services.proxy;
    expect(proxy.image).toMatch(/^nginx:/);
    expect(proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
    for (const [name] of replicas) expect(proxy.depends_on[name]).toEqual({ condition: 'service_healthy' });
    // Only the proxy is published: the replicas (and their /metrics) are reached on the internal network.
    expect(
      Object.entries(compose.services)
        .filter(([, service]) => service.ports)
        .map(([name]) => name),
    ).toEqual(['proxy']);
  });

  it('mounts only files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('.')) expect({ volume, exists: existsSync(join(root, source)) }).toEqual({ volume, exists: true });
      }
    }
  });

  it('has every variable it needs from .env in deploy/env.example, and nothing the service does not read', () => {
    const example = read('deploy/env.example');
    const given = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)(:?\?[^}]*)\}/g)].map((m) => m[1]);
    for (const name of required) expect(given).toContain(name);
    const configuration = read('docs/configuration.md');
    for (const name of given) expect({ name, known: configuration.includes(`\`${name}\``) || required.includes(name) }).toEqual({ name, known: true });
    for (const name of ['PUBLIC_ORIGIN', 'COGNITO_USER_POOL_ID', 'COGNITO_CLIENT_ID']) expect(given).toContain(name);
  });
});

describe('deploy/nginx.conf', () => {
  /** The body of the first block opened by `header {`, braces balanced. */
  const block = (header) => {
    const start = nginxConf.indexOf(`${header} {`);
    expect(start, header).toBeGreaterThanOrEqual(0);
    let depth = 0;
    for (let i = nginxConf.indexOf('{', start); i < nginxConf.length; i++) {
      if (nginxConf[i] === '{') depth++;
      if (nginxConf[i] === '}' && --depth === 0) return nginxConf.slice(start, i + 1);
    }
    throw new Error(`unbalanced ${header}`);
  };

  it('balances the load over exactly the replicas compose.yaml runs, on the port the image exposes', () => {
    const servers = [...block('upstream platform').matchAll(/^\s*server\s+(\S+?):(\d+)\b/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(servers.sort()).toEqual(replicas.map(([name]) => `${name}:${runtimeEnv.PORT}`).sort());
  });

  it('passes the client address, scheme and request id on, and the replicas trust exactly this one hop', () => {
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    for (const [name, service] of replicas) expect({ name, hops: service.environment.TRUSTED_PROXY_HOPS }).toEqual({ name, hops: '1' });
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Request-Id \$\w+;/);
  });

  it('streams server-sent events unbuffered and keeps them open', () => {
    const events = block('location = /api/v1/events');
    expect(events).toMatch(/proxy_buffering off;/);
    const [, amount, unit] = /proxy_read_timeout (\d+)(s|m|h)?;/.exec(events);
    expect(Number(amount) * { s: 1, m: 60, h: 3600 }[unit ?? 's']).toBeGreaterThanOrEqual(3600);
  });

  it('does not serve /metrics', () => {
    expect(block('location = /metrics')).toMatch(/return 404;/);
  });

  it('hides readiness and the API document from the internet', () => {
    expect(block('location = /readyz')).toMatch(/return 404;/);
    expect(block('location ^~ /api/docs')).toMatch(/return 404;/);
  });

  it('logs paths without their query strings, which carry sign-in codes, states and signatures', () => {
    const formats = [...nginxConf.matchAll(/^\s*log_format\s+\S+((?:\s+'[^']*')+)\s*;/gm)].map((m) => m[1]);
    expect(formats.length).toBeGreaterThanOrEqual(1);
    for (const format of formats) {
      expect(format).toContain('$uri');
      expect(format.match(/\$(request|request_uri|args|query_string|is_args|arg_\w+)\b/g)).toBeNull();
    }
    // Every access log names one of those formats: nginx's own default (`combined`) logs $request.
    const names = [...nginxConf.matchAll(/^\s*log_format\s+(\S+)/gm)].map((m) => m[1]);
    for (const [, path, format] of nginxConf.matchAll(/^\s*access_log\s+(\S+)\s*(\S*?);/gm)) if (path !== 'off') expect(names, path).toContain(format);
  });
});

/**
 * The configuration as nginx can test and run it here: the replicas' names (resolved only inside compose's
 * network) replaced by an address, the port, the logs and the temporary files moved to a folder of the test's own.
 */
function localNginxConf(folder, { upstream, listen }) {
  let text = nginxConf;
  for (const [name] of replicas) text = text.replaceAll(`${name}:8080`, upstream);
  text = text.replace(/listen 80;/, `listen ${listen};`).replaceAll('/var/log/nginx/', `${folder}/`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(folder, kind)};`).join('\n');
  text = text.replace(/^http \{$/m, `http {\n${temp}`);
  const file = join(folder, 'nginx.conf');
  writeFileSync(file, text);
  return file;
}

const nginxArgs = (folder, file) => ['-c', file, '-p', folder, '-e', join(folder, 'error.log'), '-g', `pid ${join(folder, 'nginx.pid')};`];

describe.skipIf(!existsSync(NGINX))('deploy/nginx.conf under nginx', () => {
  it('passes nginx -t', () => {
    const folder = mkdtempSync(join(tmpdir(), 'nginx-conf-'));
    try {
      const file = localNginxConf(folder, { upstream: '127.0.0.1:8080', listen: '127.0.0.1:8080' });
      const result = spawnSync(NGINX, ['-t', ...nginxArgs(folder, file)], { encoding: 'utf8' });
      expect(result.stderr).toContain('test is successful');
      expect(result.status).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

// --- the image's start command, as the image runs it, in production mode against PostgreSQL

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
    'answers through nginx: request ids, events unbuffered, no /metrics',
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
