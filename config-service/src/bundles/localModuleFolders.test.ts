import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import type { ReloadEvent } from '../releases/servedManifests.ts';
import { ManifestReleases } from '../releases/manifestReleases.ts';
import { readSettings, SettingsError } from '../settings.ts';
import { BundleStore } from '../store/bundleStore.ts';
import { ReleaseStore } from '../store/releaseStore.ts';
import { claims, demoCustomerModules, ROUTE_MANIFESTS, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { FolderWithLocalBundles } from './localModuleFolders.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

// npm start and npm run module:dev (issue 28, decision 0064): a module's build folder on this machine
// is served as the module's screens, a rebuild as the next version, and only in local.

const root = tempFolder('local-module-folders-');
const manifestsDir = join(root, 'route-manifests');
const moduleDir = join(root, 'dist');
cpSync(ROUTE_MANIFESTS, manifestsDir, { recursive: true });
cpSync(join(import.meta.dirname, '../../../tests/fixtures/bundles/lcc'), moduleDir, { recursive: true });
const build = (text: string) => writeFileSync(join(moduleDir, 'index.js'), `export const screens = {}; // ${text}\n`);
build('first build');
// Worth compressing: served in the br form made once when the folder was read, never compressed per request.
const rows = JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ id: i, label: `row ${i}` })));
writeFileSync(join(moduleDir, 'rows.json'), rows);

const acme = sign(claims());
let apps: TestApps;
let app: FastifyInstance;
let folder: FolderWithLocalBundles;
let releases: ManifestReleases;
let bundles: BundleStore;

beforeAll(async () => {
  apps = await startTestApps();
  folder = new FolderWithLocalBundles(manifestsDir, {}, [{ module: 'mr', dir: moduleDir }]);
  const modules = apps.track(await demoCustomerModules(folder));
  bundles = new BundleStore(modules.store.db);
  await folder.upload(bundles);
  releases = await ManifestReleases.open({ store: new ReleaseStore(modules.store.db), bundles, source: 'files', folder });
  apps.track({ close: () => releases.close() } as never);
  app = await apps.app({ releases, customerModules: modules });
  folder.watch(20);
}, 60_000);
afterAll(async () => {
  folder.close();
  await apps.close();
});

const mrBundle = async () => {
  const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(acme) });
  return (res.json() as UserManifest).modules.find((m) => m.key === 'mr')?.bundle;
};
/** The next release made active: what a rebuild or an edit of the folder leads to. */
const nextActive = () =>
  new Promise<void>((resolve) => {
    const heard = (event: ReloadEvent) => {
      if (event.kind !== 'loaded') return;
      releases.off('reload', heard);
      resolve();
    };
    releases.on('reload', heard);
  });
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('a local module folder', () => {
  it('is served as the module’s screens from the first release, with the integrity of its files', async () => {
    const bundle = await mrBundle();
    expect(bundle?.version).toMatch(/^0\.0\.0-local-[0-9a-f]{12}$/);
    const entry = await app.inject({ url: bundle!.entry });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('first build');
    expect(bundle!.integrity).toBe(sha384(entry.body));
    // route-manifests/ itself names no bundle: production, seeded from it, never names one it lacks.
    expect(JSON.parse(readFileSync(join(manifestsDir, 'mr.json'), 'utf8')).bundle).toBeUndefined();
  });

  it('is compressed once, as an upload is: a file worth it goes out in the br form stored beside it', async () => {
    const { version } = (await mrBundle())!;
    const res = await app.inject({ url: `/modules/mr/${version}/rows.json`, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(rows);
    const stored = await bundles.file('mr', version, 'rows.json', 'br');
    expect(stored?.coding).toBe('br');
    expect(res.rawPayload.equals(stored!.content)).toBe(true);
  });

  it('serves a rebuilt file as the next version, and keeps the one before', async () => {
    const before = (await mrBundle())!;
    const served = nextActive();
    build('second build');
    await served;
    const after = (await mrBundle())!;
    expect(after.version).not.toBe(before.version);
    const entry = await app.inject({ url: after.entry });
    expect(entry.body).toContain('second build');
    expect(after.integrity).toBe(sha384(entry.body));
    expect((await app.inject({ url: before.entry })).body).toContain('first build');
  });

  it('keeps naming the build when route-manifests/ is edited', async () => {
    const named = (await mrBundle())!.version;
    const served = nextActive();
    const file = join(manifestsDir, 'lb.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"name": "Leaderboard"', '"name": "Leaders"'));
    await served;
    expect(releases.current().modules.get('lb')?.name).toBe('Leaders');
    expect((await mrBundle())?.version).toBe(named);
  });
});

describe('LOCAL_MODULE_FOLDERS', () => {
  it('is read in local, as module and folder', () => {
    expect(readSettings({ ENVIRONMENT: 'local', LOCAL_MODULE_FOLDERS: 'mr=modules/model-runtime/dist' }).localModuleFolders).toEqual([
      { module: 'mr', dir: expect.stringMatching(/\/modules\/model-runtime\/dist$/) },
    ]);
  });

  it('is refused anywhere but local, saying why and what to do instead', () => {
    for (const environment of ['demo', 'production']) {
      const env = {
        ENVIRONMENT: environment,
        LOCAL_MODULE_FOLDERS: 'mr=dist',
        ARTIFACT_SIGNING_KEY: Buffer.alloc(32, 1).toString('base64'),
        COGNITO_USER_POOL_ID: 'eu-west-1_abc',
        COGNITO_CLIENT_ID: 'client',
        MESSAGING_SINK: 'none',
      };
      expect(() => readSettings(env), environment).toThrow(SettingsError);
      expect(() => readSettings(env)).toThrow(/LOCAL_MODULE_FOLDERS: .*only where ENVIRONMENT is local.*npm run modules:publish/);
    }
    expect(() => readSettings({ ENVIRONMENT: 'local', MANIFEST_SOURCE: 'store', LOCAL_MODULE_FOLDERS: 'mr=dist' })).toThrow(/MANIFEST_SOURCE=files/);
  });
});
