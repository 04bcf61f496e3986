// The publishing command against the real service in its own process (embedded database, local
// identity provider), started once: it is the slow part. The service serves a copy of the folder
// that nobody edits (under `files` it watches it); the command publishes from other copies.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig, ReleaseList } from '@platform/schemas';
import { DEMO_PASSWORD } from '../testing/standIns.ts';
import { loadManifestSet } from '../manifests/loadManifestSet.ts';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';
import { signIn, SignInError } from './signIn.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const cli = fileURLToPath(new URL('./manifestsPublish.ts', import.meta.url));
const realDir = fileURLToPath(new URL('../../../route-manifests', import.meta.url));

/** A fresh copy of route-manifests/, changed by `edit` (file name → the parsed JSON, changed in place). */
function copyOfManifests(edit: Record<string, (manifest: Record<string, unknown>) => void> = {}): string {
  const dir = tempFolder('manifests-publish-');
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
function publish(args: string[], settings: Record<string, string> = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No sign-in settings from the developer's shell: the command is to find the demo account itself.
    const env = {
      ...process.env,
      PLATFORM_ID_TOKEN: '',
      PLATFORM_EMAIL: '',
      PLATFORM_PASSWORD: '',
      PLATFORM_URL: '',
      PLATFORM_USER_POOL_ID: '',
      PLATFORM_USER_POOL_CLIENT_ID: '',
      PLATFORM_USER_POOL_ENDPOINT: '',
      ...settings,
    };
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
    const response = await fetch(`${service.base}/api/v1/manifest`, { headers: bearer(tokens.get(email)!) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { version: string }).version;
  }
  async function releases(): Promise<ReleaseList> {
    const response = await fetch(`${service.base}/api/v1/admin/releases?limit=200`, { headers: bearer(staff) });
    expect(response.status).toBe(200);
    return (await response.json()) as ReleaseList;
  }

  const renamed = copyOfManifests({
    'hs.json': (m) => {
      m.name = 'Asset Lifecycle';
      retitle('exports', 'Exports and reports')(m);
    },
  });
  const renamedId = loadManifestSet(renamed).release;

  it('shows the difference from the active release on a dry run and changes nothing', async () => {
    const before = await releases();
    const run = await publish(['--dry-run', '--dir', renamed, '--url', service.base]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('signed in as the demo staff account staff@demo.local');
    expect(run.stdout).toContain(`difference from the active release ${before.active} to ${renamedId}`);
    expect(run.stdout).toMatch(/Modules renamed:\n\s+hs: “Asset Life” → “Asset Lifecycle”/);
    expect(run.stdout).toMatch(/Pages retitled:\n\s+\/asset-life\/exports \(hs\): “Exports” → “Exports and reports”/);
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
    const pilotedId = loadManifestSet(piloted).release;
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

  describe('where credentials go', () => {
    /**
     * A service that is not the one meant (or misconfigured): production, naming a user pool of its own
     * that answers at its own address. Every request it gets is kept, bodies included.
     */
    let impostor: Server;
    let impostorBase: string;
    const received: string[] = [];
    let trusted: PublicConfig['auth'];

    beforeAll(async () => {
      trusted = ((await (await fetch(`${service.base}/api/v1/config`)).json()) as PublicConfig).auth;
      impostor = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push(`${request.method} ${request.url} ${body}`);
          if (request.url !== '/api/v1/config') return void response.writeHead(400).end('{}');
          const config = { environment: 'production', productName: 'x', auth: { ...trusted, userPoolEndpoint: '/pool' } };
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
        });
      });
      await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
      impostorBase = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => impostor.close(() => resolve())));

    const staffPassword = { PLATFORM_EMAIL: 'staff@demo.local', PLATFORM_PASSWORD: DEMO_PASSWORD };
    const poolPasswords = () => received.filter((line) => line.includes(DEMO_PASSWORD));

    it('refuses a plain-http --url off this machine with status 2, before sending anything', async () => {
      for (const url of ['http://platform.example.com', 'http://10.0.0.5:8080', 'http://127.0.0.1.nip.io:8080']) {
        const run = await publish(['--dry-run', '--url', url], staffPassword);
        expect(run.status, url).toBe(2);
        expect(run.stderr).toContain('is not https');
      }
      const fromEnvironment = await publish(['--dry-run'], { ...staffPassword, PLATFORM_URL: 'http://platform.example.com' });
      expect(fromEnvironment.status).toBe(2);
    });

    it('never sends a password to the pool the service names, only to the one its own settings name', async () => {
      received.length = 0;
      const unnamed = await publish(['--dry-run', '--dir', renamed, '--url', impostorBase], staffPassword);
      expect(unnamed.status).toBe(1);
      expect(unnamed.stderr).toContain('set PLATFORM_USER_POOL_ID and PLATFORM_USER_POOL_CLIENT_ID');

      const otherPool = { ...staffPassword, PLATFORM_USER_POOL_ID: 'eu-west-1_Other', PLATFORM_USER_POOL_CLIENT_ID: 'other-client' };
      const mismatched = await publish(['--dry-run', '--dir', renamed, '--url', impostorBase], otherPool);
      expect(mismatched.status).toBe(1);
      expect(mismatched.stderr).toContain(`trusts user pool ${trusted.userPoolId}`);
      expect(mismatched.stderr).toContain('no password sent');

      // The same pool, named by the command's settings: the password goes to their endpoint, not the service's.
      const named = {
        PLATFORM_USER_POOL_ID: trusted.userPoolId,
        PLATFORM_USER_POOL_CLIENT_ID: trusted.userPoolClientId,
        PLATFORM_USER_POOL_ENDPOINT: `${service.base}/idp`,
      };
      const impostorConfig = (await (await fetch(`${impostorBase}/api/v1/config`)).json()) as PublicConfig;
      const user = await signIn(impostorBase, impostorConfig, { ...staffPassword, ...named });
      expect(user.token.split('.')).toHaveLength(3);
      expect(poolPasswords()).toEqual([]);
      expect(received.filter((line) => !line.startsWith('GET /api/v1/config '))).toEqual([]);
    });

    it('signs in with a password at the pool its settings name, and refuses a plain-http pool endpoint off this machine', async () => {
      const named = { PLATFORM_USER_POOL_ID: trusted.userPoolId, PLATFORM_USER_POOL_CLIENT_ID: trusted.userPoolClientId };
      const run = await publish(['--dry-run', '--dir', renamed, '--url', service.base], {
        ...staffPassword,
        ...named,
        PLATFORM_USER_POOL_ENDPOINT: `${service.base}/idp`,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain('signed in as staff@demo.local');
      await expect(
        signIn(service.base, { auth: trusted, environment: 'production' } as PublicConfig, {
          ...staffPassword,
          ...named,
          PLATFORM_USER_POOL_ENDPOINT: 'http://pool.example.com/',
        }),
      ).rejects.toThrow(SignInError);
    });
  });
});
