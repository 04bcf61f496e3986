import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ModuleBundleList, UserManifest } from '@platform/schemas';
import type { ManifestReleases } from '../releases/manifestReleases.ts';
import { demoCustomerModules, releasesOn, startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { modulesPublish } from './publishModule.ts';

const staff = staffToken();
const acme = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });
const globex = tokenFor({ role: 'customer', customerId: 'globex', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;
let base: string;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  app = await apps.app({ releases, customerModules: modules });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(() => apps.close());
afterEach(() => vi.restoreAllMocks());

/** A module build's output folder: index.js, bundle.json and a chunk, plus whatever `extra` adds. */
function buildFolder(marker: string, extra: (dir: string) => void = () => undefined): string {
  const dir = mkdtempSync(join(tmpdir(), 'module-dist-'));
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
