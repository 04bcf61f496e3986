// The releases one replica serves, on its own: the folder as the authority while developing (files),
// the store's active release alone (store), and a database that goes away and comes back.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { manifestSetFromFiles } from '../manifests/loadManifestSet.ts';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import type { ReloadEvent } from './servedManifests.ts';
import type { Database } from '../store/database.ts';
import { migrate } from '../store/migrate.ts';
import { openMigratedPglite } from '../testing/migratedPglite.ts';
import { openPostgres } from '../store/postgresDatabase.ts';
import { ReleaseStore } from '../store/releaseStore.ts';
import { freshDatabaseBehindProxy } from '../testing/switchableProxy.ts';
import { ROUTE_MANIFESTS } from '../testing/testApp.ts';
import { FILES_AUTHOR } from './folderPublisher.ts';
import { ManifestReleases } from './manifestReleases.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const OPERATOR = { sub: 'op', email: 'op@provider.example' };
const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of route-manifests/ that a test may edit. */
function folderCopy(): string {
  const dir = tempFolder('manifest-releases-');
  cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
  return dir;
}
const editJson = (dir: string, file: string, edit: (manifest: Record<string, unknown>) => void, indent = 2) => {
  const manifest = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(join(dir, file), `${JSON.stringify(manifest, null, indent)}\n`);
};

async function migratedPglite(): Promise<Database> {
  const db = await openMigratedPglite();
  cleanups.push(() => db.close());
  return db;
}
async function open(options: Parameters<typeof ManifestReleases.open>[0]): Promise<ManifestReleases> {
  const releases = await ManifestReleases.open(options);
  cleanups.push(() => releases.close());
  return releases;
}
const events = (releases: ManifestReleases) => {
  const seen: ReloadEvent[] = [];
  releases.on('reload', (event) => seen.push(event));
  return seen;
};

describe('files: the folder is the authority', () => {
  it('publishes the folder at start, and each valid edit on disk as a release authored by the folder, made active', async () => {
    const dir = folderCopy();
    const folder = new ManifestFolder(dir);
    const store = new ReleaseStore(await migratedPglite());
    const releases = await open({ store, source: 'files', folder });
    const first = releases.current().release;
    expect((await store.state())?.active).toBe(first);
    const seen = events(releases);

    editJson(dir, 'hs.json', (m) => void (m.name = 'Asset Lifecycle'));
    folder.reload();
    await expect.poll(() => releases.current().release).not.toBe(first);
    const edited = releases.current();
    expect(edited.modules.get('hs')?.name).toBe('Asset Lifecycle');
    expect(await store.get(edited.release)).toMatchObject({ author: FILES_AUTHOR, reason: 'edited on disk', parent: first });
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'loaded', release: edited.release, previous: first }));
  });

  it('makes no release of an edit that changes only how the files are written', async () => {
    const dir = folderCopy();
    const folder = new ManifestFolder(dir);
    const store = new ReleaseStore(await migratedPglite());
    const releases = await open({ store, source: 'files', folder });
    const first = releases.current().release;
    // Four spaces instead of two: the same content, so the same release.
    editJson(dir, 'hs.json', () => undefined, 4);
    expect(folder.reload().kind).toBe('unchanged');
    expect(releases.current().release).toBe(first);
    expect(await store.list({ limit: 10 })).toHaveLength(1);
  });

  it('keeps serving the release it serves when an edit is invalid, and says so', async () => {
    const dir = folderCopy();
    const folder = new ManifestFolder(dir);
    const releases = await open({ store: new ReleaseStore(await migratedPglite()), source: 'files', folder });
    const first = releases.current().release;
    const seen = events(releases);
    editJson(dir, 'hs.json', (m) => void (m.baseUrl = 'Not A Path'));
    folder.reload();
    expect(seen).toContainEqual(expect.objectContaining({ kind: 'rejected', serving: first }));
    expect(releases.current().release).toBe(first);
    expect(releases.status().rejected?.problems[0]).toMatchObject({ file: 'hs.json', pointer: '/baseUrl' });
  });

  it('does not force a folder release already known over one an administrator chose since (a rollback survives a restart)', async () => {
    const dir = folderCopy();
    const db = await migratedPglite();
    const store = new ReleaseStore(db);
    const first = await open({ store, source: 'files', folder: new ManifestFolder(dir) });
    const folderRelease = first.current().release;
    const other = structuredClone(first.current().contents) as Record<string, Record<string, unknown>>;
    other['hs.json']!.name = 'Chosen by an administrator';
    const chosen = (await first.publish(manifestSetFromFiles(other), 'chosen', OPERATOR)).release.id;
    expect((await first.activate({ release: chosen, expectedActive: folderRelease, reason: 'chosen', actor: OPERATOR })).outcome).toBe('done');
    await first.close();

    const restarted = await open({ store, source: 'files', folder: new ManifestFolder(dir) });
    expect(restarted.current().release).toBe(chosen);
  });
});

describe('store: the active release alone', () => {
  it('seeds an empty store from the folder, and later serves the store whatever the folder holds', async () => {
    const dir = folderCopy();
    const store = new ReleaseStore(await migratedPglite());
    const seeded = await open({ store, source: 'store', folder: new ManifestFolder(dir) });
    const first = seeded.current().release;
    await seeded.close();

    editJson(dir, 'hs.json', (m) => void (m.name = 'Only on disk'));
    const later = await open({ store, source: 'store', folder: new ManifestFolder(dir) });
    expect(later.current().release).toBe(first);
    expect(later.current().modules.get('hs')?.name).not.toBe('Only on disk');
    expect(await store.list({ limit: 10 })).toHaveLength(1);
  });

  it('refuses to start on an empty store with no folder to seed it from', async () => {
    await expect(ManifestReleases.open({ store: new ReleaseStore(await migratedPglite()), source: 'store' })).rejects.toThrow(/no manifest release/);
  });

  it('keeps serving its release while the database is down, and catches up on a step it missed once it is back', async () => {
    const fresh = await freshDatabaseBehindProxy(inject('postgresUrl'));
    cleanups.push(() => fresh.close());
    const direct = await openPostgres(fresh.directUrl, { max: 2 });
    cleanups.push(() => direct.close());
    await migrate(direct);
    const writer = await open({ store: new ReleaseStore(direct), source: 'store', folder: new ManifestFolder(folderCopy()) });
    const first = writer.current().release;

    const throughProxy = await openPostgres(fresh.url, { onError: () => undefined });
    cleanups.push(() => throughProxy.close());
    const logged: unknown[] = [];
    const log = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => void logged.push(args) };
    const replica = await open({ store: new ReleaseStore(throughProxy), source: 'store', log });
    expect(replica.current().release).toBe(first);

    await fresh.proxy.down();
    const other = structuredClone(writer.current().contents) as Record<string, Record<string, unknown>>;
    other['hs.json']!.name = 'Published while the replica was cut off';
    const next = (await writer.publish(manifestSetFromFiles(other), 'while down', OPERATOR)).release.id;
    expect((await writer.activate({ release: next, expectedActive: first, reason: 'while down', actor: OPERATOR })).outcome).toBe('done');
    // The notification went nowhere; a read fails and is logged, and what is served stays whole.
    await replica.refresh();
    expect(logged.length).toBeGreaterThan(0);
    expect(replica.current().release).toBe(first);
    expect(replica.servedTo('acme').release).toBe(first);

    await fresh.proxy.up();
    await expect.poll(() => replica.current().release, { timeout: 15_000, interval: 100 }).toBe(next);
    expect(replica.current().modules.get('hs')?.name).toBe('Published while the replica was cut off');
  }, 30_000);
});
