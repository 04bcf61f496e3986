import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ModuleBundleList, ReleaseAuditPage, UserManifest } from '@platform/schemas';
import type { ManifestReleases } from '../releases/manifestReleases.ts';
import { demoCustomerModules, releasesOn, startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { startOidcIssuer } from '../testing/oidcIssuer.ts';
import { modulesPublish } from './publishModule.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const staff = staffToken();
const acme = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });
const globex = tokenFor({ role: 'customer', customerId: 'globex', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;
let base: string;
/** The service as a CI job sees it: the test app behind the exchange (stubbed here; the service's own is tested beside its route). */
let front: Server;
let frontBase: string;
/** What reached the front: method, path and bearer token of each request. */
const seen: { method: string; path: string; bearer: string | undefined }[] = [];

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  app = await apps.app({ releases, customerModules: modules });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  front = createServer((req, res) => void answer(req).then(({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(body)));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontBase = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => front?.close(resolve));
  await apps.close();
});
afterEach(() => vi.restoreAllMocks());

/** A module build's output folder: index.js, bundle.json and a chunk, plus whatever `extra` adds. */
function buildFolder(marker: string, extra: (dir: string) => void = () => undefined): string {
  const dir = tempFolder('module-dist-');
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(join(dir, 'index.js'), `import { label } from './chunks/label.js';\nexport const screens = { marker: ${JSON.stringify(marker)}, label };\n`);
  writeFileSync(join(dir, 'chunks/label.js'), `export const label = ${JSON.stringify(marker)};\n`);
  writeFileSync(join(dir, 'bundle.json'), JSON.stringify({ sdk: '^1.0.0' }));
  extra(dir);
  return dir;
}

/** Runs the command in this process with the staff token; its exit status and what it printed. */
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  const status = await modulesPublish([...args, '--url', base], { PLATFORM_ID_TOKEN: staff });
  vi.restoreAllMocks();
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}
const get = (url: string, token = staff) => app.inject({ url, headers: bearer(token) });
const lccOf = async (token: string) => ((await get('/api/v1/manifest', token)).json() as UserManifest).modules.find((m) => m.key === 'lcc');
const versions = async () => ((await get('/api/v1/admin/modules/lcc/bundles')).json() as ModuleBundleList).bundles.map((b) => b.version).sort();

describe('npm run modules:publish', () => {
  it('checks the folder and shows the difference on a dry run, uploading and changing nothing', async () => {
    const before = releases.state();
    const result = await run(['--module', 'lcc', '--version', '1.4.2', '--dir', buildFolder('one'), '--dry-run']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/bundle: 3 files, \d+ bytes \(\d+ gzipped\) in .*, built for module SDK \^1\.0\.0/);
    expect(result.stdout).toMatch(/Module screens:\n\s+lcc screens generic → 1\.4\.2/);
    expect(result.stdout).toContain('dry run: nothing uploaded');
    expect(await versions()).toEqual([]);
    expect(releases.state()).toEqual(before);
  });

  it('uploads the folder and makes a release naming it active: users get the bundle', async () => {
    const result = await run(['--module', 'lcc', '--version', '1.4.2', '--dir', buildFolder('one'), '--reason', 'lcc screens 1.4.2']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('uploaded /modules/lcc/1.4.2/index.js');
    expect(result.stdout).toMatch(/active release: [0-9a-f]{32}$/);
    expect(await versions()).toEqual(['1.4.2']);
    expect((await lccOf(acme))?.bundle?.entry).toBe('/modules/lcc/1.4.2/index.js');
    expect((await app.inject({ url: '/modules/lcc/1.4.2/chunks/label.js' })).body).toContain('"one"');
  });

  it('changes nothing when run again with the same build', async () => {
    const before = releases.state();
    const result = await run(['--module', 'lcc', '--version', '1.4.2', '--dir', buildFolder('one'), '--reason', 'again']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('was uploaded before with these files');
    expect(result.stdout).toContain('already names lcc 1.4.2, for everyone: nothing changed');
    expect(releases.state()).toEqual(before);
  });

  it('pilots a new version for the customers named only', async () => {
    const result = await run(['--module', 'lcc', '--version', '1.5.0', '--dir', buildFolder('two'), '--reason', 'try 1.5.0', '--pilot', 'acme']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/lcc screens 1\.4\.2 → 1\.5\.0/);
    expect(result.stdout).toMatch(/pilot: release [0-9a-f]{32} for acme/);
    expect((await lccOf(acme))?.bundle?.version).toBe('1.5.0');
    expect((await lccOf(globex))?.bundle?.version).toBe('1.4.2');
  });

  it('refuses other files at an uploaded version, publishing nothing', async () => {
    const before = releases.state();
    const result = await run(['--module', 'lcc', '--version', '1.4.2', '--dir', buildFolder('changed'), '--reason', 'oops']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/409 .*holds other files.*CFG_ERR_BUNDLE_EXISTS.*nothing published/);
    expect(releases.state()).toEqual(before);
  });

  it('refuses a folder the service would refuse before signing in or uploading, naming the file', async () => {
    const withLink = buildFolder('link', (dir) => symlinkSync('/etc/passwd', join(dir, 'passwd.js')));
    const result = await run(['--module', 'lcc', '--version', '3.0.0', '--dir', withLink, '--reason', 'x']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/passwd\.js: a link/);
    const noDeclaration = await run([
      '--module',
      'lcc',
      '--version',
      '3.0.0',
      '--dir',
      buildFolder('x', (dir) => writeFileSync(join(dir, 'bundle.json'), '{}')),
      '--reason',
      'x',
    ]);
    expect(noDeclaration.stderr).toMatch(/bundle\.json: "sdk" must be a semver range/);
    expect(await versions()).not.toContain('3.0.0');
  });

  it('refuses a module the active release lacks, and a wrong command line (2)', async () => {
    const unknown = await run(['--module', 'nosuch', '--version', '1.0.0', '--dir', buildFolder('x'), '--reason', 'x']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("no module 'nosuch'");
    const usage = await run(['--module', 'lcc', '--version', 'latest', '--dir', buildFolder('x'), '--reason', 'x']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--version is a semantic version');
    expect((await run(['--module', 'lcc', '--version', '1.0.0', '--dir', buildFolder('x')])).status).toBe(2);
  });
});

/** A CI's OIDC token as the command sees it: only its claims are read, for the message; nothing here checks signatures. */
const oidc = (sub: string) =>
  ['{"alg":"RS256"}', JSON.stringify({ iss: 'https://ci.example', aud: 'asset-platform', sub })].map((p) => Buffer.from(p).toString('base64url')).join('.') +
  '.sig';
const ISSUED: Record<string, { token: string; modules: string[] }> = {
  [oidc('repo:org/lcc:ref:refs/heads/main')]: { token: 'publish-lcc', modules: ['lcc'] },
  [oidc('repo:org/mr:ref:refs/heads/main')]: { token: 'publish-mr', modules: ['mr'] },
  [oidc('repo:org/lcc:environment:production')]: { token: 'publish-lcc-refused', modules: ['lcc'] },
};

/**
 * The front: the exchange answers for the tokens of ISSUED (403 for any other), every other call is
 * served by the test app as staff only when it carries an issued publish token (401 otherwise), so
 * a call made with anything else, a password's token included, fails the command.
 */
async function answer(req: IncomingMessage): Promise<{ status: number; body: string }> {
  const bearer = req.headers.authorization?.replace(/^Bearer /, '');
  const path = req.url ?? '/';
  seen.push({ method: req.method ?? 'GET', path, bearer });
  const problem = (status: number, detail: string) => ({ status, body: JSON.stringify({ title: 'refused', status, detail, code: 'CFG_ERR_TEST' }) });
  if (path === '/api/v1/publish-tokens') {
    const issued = bearer ? ISSUED[bearer] : undefined;
    if (!issued) return problem(403, 'no publisher is registered for this subject');
    return { status: 201, body: JSON.stringify({ ...issued, expiresAt: '2030-01-01T00:15:00.000Z' }) };
  }
  if (path !== '/api/v1/config' && !Object.values(ISSUED).some((i) => i.token === bearer)) return problem(401, 'not a publish token');
  if (bearer === 'publish-lcc-refused' && req.method === 'POST') return problem(403, 'a publish token may change only its modules’ bundles');
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = { authorization: `Bearer ${staff}` };
  for (const name of ['content-type', 'if-match']) if (req.headers[name]) headers[name] = String(req.headers[name]);
  const response = await fetch(`${base}${path}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
  return { status: response.status, body: await response.text() };
}

/** Runs the command against the front (or `url`) with `env` alone: no staff token, no password. */
async function runFromCi(args: string[], env: NodeJS.ProcessEnv, url = frontBase) {
  seen.length = 0;
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  const status = await modulesPublish([...args, '--url', url], env);
  vi.restoreAllMocks();
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}
const ciArgs = (version: string) => [
  '--module',
  'lcc',
  '--version',
  version,
  '--dir',
  buildFolder(version),
  '--reason',
  `ci ${version}`,
  '--oidc-token-env',
  'ACTIONS_ID_TOKEN',
];

describe('npm run modules:publish --oidc-token-env (from CI)', () => {
  it('exchanges the OIDC token and pilots with the publish token alone, for the customers named', async () => {
    // The pilot of the journey above ends first: a new pilot waits for the running one to end.
    const { active, pilot } = releases.state();
    const ended = await app.inject({
      method: 'DELETE',
      url: '/api/v1/admin/releases/pilot',
      headers: { ...bearer(staff), 'if-match': `"${active}"` },
      payload: { release: pilot?.release, reason: 'make way' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const result = await runFromCi([...ciArgs('1.6.0'), '--pilot', 'acme'], { ACTIONS_ID_TOKEN: oidc('repo:org/lcc:ref:refs/heads/main') });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('signed in with the OIDC token in ACTIONS_ID_TOKEN: a publish token for lcc until 2030-01-01T00:15:00.000Z');
    expect(result.stdout).toMatch(/pilot: release [0-9a-f]{32} for acme/);
    expect((await lccOf(acme))?.bundle?.version).toBe('1.6.0');
    expect(seen.find((r) => r.path === '/api/v1/publish-tokens')?.bearer).toBe(oidc('repo:org/lcc:ref:refs/heads/main'));
    // Everything after the exchange (the upload, the release, the pilot) with the publish token.
    expect(new Set(seen.filter((r) => r.path.startsWith('/api/v1/admin/')).map((r) => r.bearer))).toEqual(new Set(['publish-lcc']));
    expect(seen.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual(
      expect.arrayContaining(['PUT /api/v1/admin/modules/lcc/bundles/1.6.0', 'PUT /api/v1/admin/releases/pilot']),
    );
  });

  it('names the variable when it is not set or empty, and asks the service nothing', async () => {
    const unset = await runFromCi(ciArgs('1.7.0'), { PLATFORM_ID_TOKEN: staff });
    expect(unset.status).toBe(1);
    expect(unset.stderr).toContain('--oidc-token-env ACTIONS_ID_TOKEN: the variable ACTIONS_ID_TOKEN is not set');
    const empty = await runFromCi(ciArgs('1.7.0'), { ACTIONS_ID_TOKEN: ' ' });
    expect(empty.stderr).toContain('the variable ACTIONS_ID_TOKEN is empty');
    // Neither falls back to another sign-in: nothing but the public configuration was asked.
    expect(seen.map((r) => r.path)).toEqual(['/api/v1/config']);
    expect(await versions()).not.toContain('1.7.0');
  });

  it('shows the service’s refusal and the claims the token carries, uploading nothing', async () => {
    const result = await runFromCi(ciArgs('1.7.0'), { ACTIONS_ID_TOKEN: oidc('repo:org/lcc:ref:refs/heads/feature') });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'modules:publish: the service refused the OIDC token in ACTIONS_ID_TOKEN: 403 no publisher is registered for this subject (CFG_ERR_TEST); ' +
        'the token says issuer https://ci.example, audience asset-platform, subject repo:org/lcc:ref:refs/heads/feature',
    );
    expect(await versions()).not.toContain('1.7.0');
  });

  it('refuses before uploading a module the publisher is not registered for', async () => {
    const result = await runFromCi(ciArgs('1.7.0'), { ACTIONS_ID_TOKEN: oidc('repo:org/mr:ref:refs/heads/main') });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("modules:publish: this publisher may publish mr, not 'lcc'; nothing uploaded");
    expect(seen.some((r) => r.method === 'PUT')).toBe(false);
  });

  it('says what a publish token may do when the service refuses a step of it', async () => {
    const result = await runFromCi(ciArgs('1.7.0'), { ACTIONS_ID_TOKEN: oidc('repo:org/lcc:environment:production') });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'modules:publish: publishing the release: 403 a publish token may change only its modules’ bundles (CFG_ERR_TEST)' +
        " (a publish token may only upload its modules' bundles and publish, pilot or promote a release that changes only their bundle)",
    );
  });

  it('publishes through the service’s own exchange, and the release audit names the publisher', async () => {
    const subject = 'repo:org/lcc-screens:environment:production';
    const ci = await startOidcIssuer({ subject, audience: 'asset-platform' });
    try {
      const registered = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/publishers',
        headers: bearer(staff),
        payload: { issuer: ci.issuer, audience: 'asset-platform', subject, modules: ['lcc'], reason: 'the LCC team’s CI' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const { active, pilot } = releases.state();
      await app.inject({
        method: 'DELETE',
        url: '/api/v1/admin/releases/pilot',
        headers: { ...bearer(staff), 'if-match': `"${active}"` },
        payload: { release: pilot?.release, reason: 'make way' },
      });
      const result = await runFromCi([...ciArgs('1.8.0'), '--pilot', 'acme'], { ACTIONS_ID_TOKEN: ci.token() }, base);
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect((await lccOf(acme))?.bundle?.version).toBe('1.8.0');
      const audit = (await get('/api/v1/admin/releases/audit')).json() as ReleaseAuditPage;
      const steps = audit.entries.filter((e) => e.reason === 'ci 1.8.0');
      expect(steps.map((e) => [e.action, e.actor])).toEqual([
        ['pilot-start', { sub: `publisher:${registered.json().id}`, email: subject }],
        ['publish', { sub: `publisher:${registered.json().id}`, email: subject }],
      ]);
    } finally {
      await ci.close();
    }
  });

  it('takes the variable’s name, never a token, on the command line', async () => {
    const result = await runFromCi(['--module', 'lcc', '--version', '1.7.0', '--dir', buildFolder('x'), '--reason', 'x', '--oidc-token-env', oidc('x')], {});
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--oidc-token-env names the variable that holds the OIDC token');
    expect(seen).toEqual([]);
  });
});
