import type { Release } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { walkRoutes } from '../manifests/walkRoutes.ts';
import type { Actor } from '../store/customerStore.ts';
import type { ReleaseStore } from '../store/releaseStore.ts';
import type { BuiltReleases } from './builtReleases.ts';
import { canonicalJson, legacyIdOf } from './releaseId.ts';
import type { ReleasesLog } from './releasesLog.ts';

/** Counts of what a release holds, for its report. */
function releaseReport(set: ManifestSet): Release['report'] {
  let routes = 0;
  for (const manifest of set.modules.values()) walkRoutes(manifest.routes, manifest.baseUrl, () => void routes++);
  return { valid: true, files: Object.keys(set.contents).length, modules: set.registry.length, routes, problems: [] };
}

/** Valid manifest sets made releases in the store, the oldest past the few kept losing their files. */
export class ReleasePublisher {
  constructor(
    private readonly store: ReleaseStore,
    private readonly built: BuiltReleases,
    /** Releases that keep their files, newest first (RELEASES_KEPT); older ones are pruned as more are published. 0 or unset: all. */
    private readonly kept: number | undefined,
    private readonly log: ReleasesLog,
  ) {}

  /**
   * Publishes a valid set as a release (or finds the release it already is, under its id of before ids
   * grew too); it is not activated. Another content stored under its id is refused (409), never
   * answered as if it were this one: an id is trusted to be its content everywhere else.
   */
  async publish(set: ManifestSet, reason: string, author: Actor): Promise<{ created: boolean; release: Release }> {
    const known = await this.stored(set);
    if (known) return { created: false, release: known };
    const result = await this.put(set, reason, author);
    // Other replicas may keep a pruned set built a while (a bounded few); here it is gone at once.
    this.built.forget(result.pruned);
    if (result.pruned.length)
      this.log.info({ pruned: result.pruned, kept: this.kept }, 'manifest releases: the oldest releases past RELEASES_KEPT lost their files');
    if (!result.created && canonicalJson(result.release.files) !== canonicalJson(set.contents)) {
      throw new PlatformError(
        'CFG_ERR_CONFLICT',
        `release ${set.release} is stored with other content; nothing was stored: change the set, or ask an operator`,
      );
    }
    this.built.remember(set);
    return result;
  }

  /** Stores the set as a release without `publish`'s checks: what it stores, and the folder's release at start. */
  put(set: ManifestSet, reason: string, author: Actor): ReturnType<ReleaseStore['publish']> {
    return this.store.publish({ id: set.release, files: set.contents, report: releaseReport(set), reason, author }, this.kept);
  }

  /** The stored release holding exactly this set's content, under its id or the shorter one of before ids grew. */
  async stored(set: ManifestSet): Promise<Release | undefined> {
    for (const id of [set.release, legacyIdOf(set.release)]) {
      const release = await this.store.get(id);
      if (release && canonicalJson(release.files) === canonicalJson(set.contents)) return release;
    }
    return undefined;
  }
}
