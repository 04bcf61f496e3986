import type { FolderEvent, ManifestFolder } from '../manifests/manifestFolder.ts';
import type { Actor } from '../store/customerStore.ts';
import type { InServiceState, ReleaseStore } from '../store/releaseStore.ts';
import type { BuiltReleases } from './builtReleases.ts';
import type { ReleasePublisher } from './releasePublisher.ts';
import type { ReleasesLog } from './releasesLog.ts';
import type { ReloadEvent } from './servedManifests.ts';
import type { ServedReleases } from './servedReleases.ts';

/** Who publishes what the folder watch finds: no person, the folder. */
export const FILES_AUTHOR: Actor = { sub: 'route-manifests', email: '' };

/**
 * The folder's release at start, and the state to serve: an empty store is seeded from the folder
 * (either mode); in files mode new content in the folder is published and activated, while content
 * already known (a release someone rolled back from, say) is not forced over what an administrator chose.
 */
export async function publishFolderAtStart(
  folder: ManifestFolder,
  source: 'files' | 'store',
  state: InServiceState | undefined,
  parts: { store: ReleaseStore; built: BuiltReleases; publisher: ReleasePublisher },
): Promise<InServiceState | undefined> {
  const set = folder.current();
  const seed = !state || (source === 'files' && !(await parts.publisher.stored(set)));
  if (!seed) return state;
  const published = await parts.publisher.put(set, state ? 'edited on disk' : 'first release, from the folder', FILES_AUTHOR);
  parts.built.remember(set);
  const next = published.state;
  return next.active !== set.release ? ((await activateFromFiles(parts.store, set.release, next)) ?? next) : next;
}

/**
 * Files mode: the folder is the authority while developing. Each valid edit on disk becomes a release
 * authored by the folder and is activated; a refused edit is told as the folder tells it.
 */
export class FolderPublisher {
  #onFolder = (event: FolderEvent) => void this.#folderChanged(event);

  constructor(
    private readonly folder: ManifestFolder,
    private readonly store: ReleaseStore,
    private readonly publisher: ReleasePublisher,
    private readonly served: ServedReleases,
    private readonly log: ReleasesLog,
    private readonly tell: (event: ReloadEvent) => void,
  ) {
    folder.on('reload', this.#onFolder);
  }

  close(): void {
    this.folder.off('reload', this.#onFolder);
  }

  async #folderChanged(event: FolderEvent): Promise<void> {
    // A taken edit is told as the release it becomes, once served.
    if (event.kind !== 'loaded') {
      this.tell(event);
      return;
    }
    const set = this.folder.current();
    try {
      const { release } = await this.publisher.publish(set, 'edited on disk', FILES_AUTHOR);
      await activateFromFiles(this.store, release.id, { ...this.served.state(), generation: this.served.generation });
      await this.served.refresh();
    } catch (error) {
      this.log.error({ err: error }, 'manifest releases: could not publish the edited folder');
    }
  }
}

/** The folder's release made active over whatever is active now (the folder is the authority in files mode). */
async function activateFromFiles(store: ReleaseStore, id: string, state: InServiceState): Promise<InServiceState | undefined> {
  let expected = state.active;
  // Another writer may step in between reading and writing: read again and retry, a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await store.activate({ release: id, expectedActive: expected, reason: 'edited on disk', actor: FILES_AUTHOR });
    if (result.outcome === 'done') return result.state;
    if (result.outcome !== 'conflict') return undefined;
    expected = result.state.active;
  }
  return undefined;
}
