import { isReleaseId, type Release } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { manifestSetFromFiles, type LoadOptions, type ManifestSet } from '../manifests/loadManifestSet.ts';
import type { ReleaseStore } from '../store/releaseStore.ts';
import { idOfContent } from './releaseId.ts';

/** How many releases are kept built in memory besides the ones served (previews, diffs). */
const KEPT_BUILT = 16;

/**
 * Releases built as manifest sets, the latest few kept in memory: building one means checking every
 * file of it, and previews and differences ask for the same few again and again.
 */
export class BuiltReleases {
  #sets = new Map<string, ManifestSet>();

  constructor(
    private readonly store: Pick<ReleaseStore, 'get'>,
    /** What a release is checked with (the web app's screens). */
    readonly load: LoadOptions = {},
  ) {}

  /** A release built and kept here; undefined when it is not (it may still be in the store). */
  get(id: string): ManifestSet | undefined {
    return this.#sets.get(id);
  }

  /** A stored release built as the folder would be (and kept); undefined when there is none. */
  async read(id: string): Promise<ManifestSet | undefined> {
    if (!isReleaseId(id)) return undefined;
    const release = await this.store.get(id);
    return release && this.#setOf(release);
  }

  /** Keeps a set as the latest built, forgetting the oldest past the few kept. */
  remember(set: ManifestSet): void {
    this.#sets.delete(set.release);
    this.#sets.set(set.release, set);
    if (this.#sets.size > KEPT_BUILT) this.#sets.delete(this.#sets.keys().next().value!);
  }

  /** Forgets releases whose files are gone (pruned). */
  forget(ids: readonly string[]): void {
    for (const id of ids) this.#sets.delete(id);
  }

  /** Its id is checked against its content. */
  #setOf(release: Release): ManifestSet {
    const set = manifestSetFromFiles(release.files, this.load);
    // Reached from requests too (previews, differences): the client gets a 500 problem, the log the release.
    if (!idOfContent(release.id, set.release)) throw new PlatformError('CFG_ERR_INTERNAL', `release ${release.id} holds content whose id is ${set.release}`);
    // One stored before ids grew is served under the id the state, the audit and the browsers know it by.
    const named = set.release === release.id ? set : { ...set, release: release.id };
    this.remember(named);
    return named;
  }
}
