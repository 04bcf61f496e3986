// The releases built as sets: the latest few kept, each checked against its id as it is read.
import type { Release } from '@platform/schemas';
import { describe, expect, it } from 'vitest';
import { ManifestFolder } from '../manifests/manifestFolder.ts';
import { ROUTE_MANIFESTS } from '../testing/testApp.ts';
import { BuiltReleases } from './builtReleases.ts';
import { legacyIdOf, releaseId } from './releaseId.ts';

const folderFiles = new ManifestFolder(ROUTE_MANIFESTS).current().contents as Record<string, Record<string, unknown>>;
/** The folder's files with the hs module renamed: one release a name. */
const named = (name: string) => ({ ...folderFiles, 'hs.json': { ...folderFiles['hs.json'], name } });
const stored = (files: Record<string, unknown>, id = releaseId(files)) => ({ id, files }) as unknown as Release;

/** A store holding these releases, counting its reads. */
function storeOf(releases: Release[]) {
  const reads: string[] = [];
  return {
    reads,
    get: async (id: string) => {
      reads.push(id);
      return releases.find((release) => release.id === id);
    },
  };
}

describe('BuiltReleases', () => {
  it('keeps the latest 16 releases built, forgetting the oldest', async () => {
    const releases = Array.from({ length: 17 }, (_, i) => stored(named(`Release ${i}`)));
    const store = storeOf(releases);
    const built = new BuiltReleases(store);
    for (const release of releases) expect((await built.read(release.id))?.release).toBe(release.id);
    expect(built.get(releases[0]!.id)).toBeUndefined();
    expect(built.get(releases[1]!.id)?.modules.get('hs')?.name).toBe('Release 1');
    expect(built.get(releases[16]!.id)?.modules.get('hs')?.name).toBe('Release 16');
    built.forget([releases[16]!.id]);
    expect(built.get(releases[16]!.id)).toBeUndefined();
  });

  it('serves a release stored before ids grew under the id it was stored with', async () => {
    const files = named('Stored long ago');
    const legacy = legacyIdOf(releaseId(files));
    const built = new BuiltReleases(storeOf([stored(files, legacy)]));
    expect((await built.read(legacy))?.release).toBe(legacy);
    expect(built.get(legacy)?.modules.get('hs')?.name).toBe('Stored long ago');
  });

  it('refuses a stored release whose content is not its id, and reads no id that is not a release id', async () => {
    const other = releaseId(named('Another'));
    const store = storeOf([stored(named('Mislabelled'), other)]);
    const built = new BuiltReleases(store);
    await expect(built.read(other)).rejects.toMatchObject({ code: 'CFG_ERR_INTERNAL' });
    expect(built.get(other)).toBeUndefined();
    expect(await built.read('not-a-release')).toBeUndefined();
    expect(store.reads).toEqual([other]);
  });
});
