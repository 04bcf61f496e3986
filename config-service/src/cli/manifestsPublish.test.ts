// The publishing command against the real service in its own process (embedded database, local
// identity provider), started once: it is the slow part. The service serves a copy of the folder
// that nobody edits (under `files` it watches it); the command publishes from other copies.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseList } from '@platform/schemas';
import { loadManifestSet } from '../manifests/loadManifestSet.ts';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';

const cli = fileURLToPath(new URL('./manifestsPublish.ts', import.meta.url));
const realDir = fileURLToPath(new URL('../../../route-manifests', import.meta.url));

/** A fresh copy of route-manifests/, changed by `edit` (file name → the parsed JSON, changed in place). */
function copyOfManifests(edit: Record<string, (manifest: Record<string, unknown>) => void> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifests-publish-'));
  cpSync(realDir, dir, { recursive: true });
  for (const [file, change] of Object.entries(edit)) {
    const manifest = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    change(manifest);
    writeFileSync(join(dir, file), `${JSON.stringify(manifest, null, 2)}\n`);
  }
  return dir;
}

type Routes = Array<{ path: string; title?: string }>;
const retitle = (path: string, title: string) => (manifest: Record<string, unknown>) => {
  const route = (manifest.routes as Routes).find((r) => r.path === path);
  if (!route) throw new Error(`no route '${path}' to retitle`);
  route.title = title;
};

/** Runs the command as CI would; never rejects, so a failing run's output reaches the assertion. */
function publish(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No sign-in settings from the developer's shell: the command is to find the demo account itself.
    const env = { ...process.env, PLATFORM_ID_TOKEN: '', PLATFORM_EMAIL: '', PLATFORM_PASSWORD: '', PLATFORM_URL: '' };
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('npm run manifests:publish', () => {
  let service: ServiceProcess;
  let staff: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    service = await startService({ env: { MANIFESTS_DIR: copyOfManifests() } });
    staff = await idToken(service, 'staff@demo.local');
  }, 60_000);
  afterAll(() => service?.stop());

  /** The release a user is served now: their manifest's version. */
  async function servedTo(email: string): Promise<string> {
    if (!tokens.has(email)) tokens.set(email, await idToken(service, email));
    const response = await fetch(`${service.base}/api/v1/manifest`, { headers: { authorization: `Bearer ${tokens.get(email)}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { version: string }).version;
  }
  async function releases(): Promise<ReleaseList> {
    const response = await fetch(`${service.base}/api/v1/admin/releases?limit=200`, { headers: { authorization: `Bearer ${staff}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as ReleaseList;
  }

  const renamed = copyOfManifests({
    'hs.json': (m) => {
      m.name = 'Asset Lifecycle';
      retitle('exports', 'Exports and reports')(m);
    },
  });
  const renamedId = loadManifestSet(renamed).version;

  it('shows the difference from the active release on a dry run and changes nothing', async () => {
    const before = await releases();
    const run = await publish(['--dry-run', '--dir', renamed, '--url', service.base]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('signed in as the demo staff account staff@demo.local');
    expect(run.stdout).toContain(`difference from the active release ${before.active} to ${renamedId}`);
    expect(run.stdout).toMatch(/modules renamed:\n\s+hs: "Asset Life" → "Asset Lifecycle"/);
    expect(run.stdout).toMatch(/routes retitled:\n\s+\/asset-life\/exports \(hs\): "Exports" → "Exports and reports"/);
    expect(run.stdout).toContain('dry run: nothing published');
    expect(await releases()).toEqual(before);
    expect(await servedTo('engineer@acme.example')).toBe(before.active);
  });

  it('publishes an edited folder, and the service serves it to users', async () => {
    const before = await releases();
    const run = await publish(['--reason', 'rename Asset Life', '--dir', renamed, '--url', service.base]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`published release ${renamedId}`);
    expect(run.stdout).toMatch(new RegExp(`active release: ${renamedId}\\n$`));
    const after = await releases();
    expect(after.active).toBe(renamedId);
    expect(after.releases[0]).toMatchObject({ id: renamedId, reason: 'rename Asset Life', parent: before.active, author: { email: 'staff@demo.local' } });
    expect(await servedTo('engineer@acme.example')).toBe(renamedId);
  });

  it('says the content is already active when run again, and changes nothing', async () => {
    const before = await releases();
    const run = await publish(['--reason', 'again', '--dir', renamed, '--url', service.base]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`release ${renamedId} is already active: nothing changed`);
    expect(run.stdout).not.toContain('published release');
    expect(await releases()).toEqual(before);
  });

  it('prints every problem with file, pointer and rule for an invalid folder and exits 1, contacting nothing', async () => {
    const broken = copyOfManifests({ 'lb.json': (m) => void (m.key = 'LB'), 'hs.json': (m) => void (m.baseUrl = 'asset-life') });
    // Nothing listens on port 9 of loopback: had the command called out, it would say it cannot reach it.
    const run = await publish(['--reason', 'broken', '--dir', broken, '--url', 'http://127.0.0.1:9']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/manifests: \d+ problems in /);
    expect(run.stderr).toMatch(/lb\.json:\d+:\d+ \/key \[schema:pattern\] /);
    expect(run.stderr).toMatch(/hs\.json:\d+:\d+ \/baseUrl \[schema:pattern\] /);
    expect(run.stderr).toMatch(/hint: /);
    expect(run.stderr).not.toContain('cannot reach');
    expect(run.stdout).toBe('');
  });

  it('serves a --pilot release to the named customer first and not to others', async () => {
    const piloted = copyOfManifests({ 'hs.json': (m) => void (m.name = 'Asset Life (pilot)') });
    const pilotedId = loadManifestSet(piloted).version;
    const run = await publish(['--reason', 'try it with acme', '--pilot', 'acme', '--dir', piloted, '--url', service.base]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`pilot: release ${pilotedId} for acme; active release ${renamedId}`);
    expect(await servedTo('engineer@acme.example')).toBe(pilotedId);
    expect(await servedTo('viewer@globex.example')).toBe(renamedId);

    const again = await publish(['--reason', 'again', '--pilot', 'acme', '--dir', piloted, '--url', service.base]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`release ${pilotedId} is already the pilot for exactly acme: nothing changed`);
  });

  it('refuses a command line without a reason with status 2 before doing anything', async () => {
    const run = await publish(['--dir', renamed, '--url', 'http://127.0.0.1:9']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--reason is required');
  });
});
