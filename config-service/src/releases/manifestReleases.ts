import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { isReleaseId, type Release, type ReleaseState } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import { manifestSetFromFiles, type LoadOptions, type ManifestSet } from '../manifests/loadManifestSet.ts';
import type { FolderEvent, ManifestFolder } from '../manifests/manifestFolder.ts';
import { walkRoutes } from '../manifests/walkRoutes.ts';
import { withBundles } from '../bundles/servedBundles.ts';
import type { BundleStore } from '../store/bundleStore.ts';
import type { Actor } from '../store/customerStore.ts';
import { KEPT_ACTIVATIONS } from '../store/pruneReleases.ts';
import type { InServiceState, ReleaseStepInput, ReleaseStore, StepResult } from '../store/releaseStore.ts';
import { canonicalJson, idOfContent, legacyIdOf } from './releaseId.ts';
import type { ManifestStatus, ReloadEvent, ServedManifests } from './servedManifests.ts';

/** What one replica serves: swapped as one object, so a request sees one state, never half of two. */
interface Served {
  generation: number;
  active: ManifestSet;
  pilot: { set: ManifestSet; customers: ReadonlySet<string> } | null;
  loadedAt: string;
}

/** Who publishes what the folder watch finds: no person, the folder. */
export const FILES_AUTHOR: Actor = { sub: 'route-manifests', email: '' };

/** How many releases are kept built in memory besides the ones served (previews, diffs). */
const BUILT = 16;
/** How many sets served here are listed as history (the admin module list): the store keeps their files. */
const HISTORY = KEPT_ACTIVATIONS;

export interface ManifestReleasesOptions {
  store: ReleaseStore;
  /** Screens the web app has: a release is built as the folder is checked. */
  load?: LoadOptions;
  /**
   * files: the folder is authoritative while developing: its content is published at start when it
   * is new, and every valid edit is published and activated. store: the store's active release
   * alone is served; the folder only seeds an empty store.
   */
  source: 'files' | 'store';
  /** The folder (files mode: watched; store mode: read once, only to seed an empty store). */
  folder?: ManifestFolder;
  /** Module bundles: a served set's modules carry the bundles it names (issue 28). Unset: none. */
  bundles?: BundleStore;
  /** Releases that keep their files, newest first (RELEASES_KEPT); older ones are pruned as more are published. 0 or unset: all. */
  kept?: number;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Counts of what a release holds, for its report. */
function releaseReport(set: ManifestSet): Release['report'] {
  let routes = 0;
  for (const manifest of set.modules.values()) walkRoutes(manifest.routes, manifest.baseUrl, () => void routes++);
  return { valid: true, files: Object.keys(set.contents).length, modules: set.registry.length, routes, problems: [] };
}

/**
 * The manifest releases as this replica serves them: the active release to everyone, the pilot's to
 * its customers. Every replica listens for the store's notification and reads the state again, so a
 * step taken through any replica is served by all; one that lost its listening connection reads it
 * again on reconnect. While the database is down it keeps serving the sets it holds.
 */
export class ManifestReleases extends EventEmitter<{ reload: [ReloadEvent] }> implements ServedManifests {
  #served!: Served;
  #built = new Map<string, ManifestSet>();
  #history: { release: string; loadedAt: string }[] = [];
  #unlisten: (() => Promise<void>) | undefined;
  /** Refreshes run one after another, each reading the latest state. */
  #refreshing: Promise<void> = Promise.resolve();
  #onFolder = (event: FolderEvent) => void this.#folderChanged(event);
  /** Where failures to follow the store are logged; the app's logger once there is one. */
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;

  readonly store: ReleaseStore;

  private constructor(private readonly options: ManifestReleasesOptions) {
    super();
    this.log = options.log;
    this.store = options.store;
    // Every open event stream listens; hundreds are normal, not a leak.
    this.setMaxListeners(0);
  }

  static async open(options: ManifestReleasesOptions): Promise<ManifestReleases> {
    const releases = new ManifestReleases(options);
    const { store, folder } = options;
    // Listening before the first read: a step taken in between is heard, not missed.
    releases.#unlisten = await store.onChange(
      () => void releases.refresh(),
      () => void releases.refresh(),
    );
    let state = await store.state();
    if (folder) {
      const set = folder.current();
      // files: new content in the folder is published and activated; content already known (a
      // release someone rolled back from, say) is not forced over what an administrator chose.
      const seed = !state || (options.source === 'files' && !(await releases.#stored(set)));
      if (seed) {
        const published = await store.publish(
          {
            id: set.release,
            files: set.contents,
            report: releaseReport(set),
            reason: state ? 'edited on disk' : 'first release, from the folder',
            author: FILES_AUTHOR,
          },
          options.kept,
        );
        releases.#remember(set);
        state = published.state;
        if (state.active !== set.release) state = (await releases.#activateFromFiles(set.release, state)) ?? state;
      }
    }
    if (!state) throw new Error('the store holds no manifest release and no folder was given to seed it from');
    releases.#served = await releases.#build(state);
    releases.#history.push({ release: releases.#served.active.release, loadedAt: releases.#served.loadedAt });
    // A step notified while the first state was read and built was skipped (nothing was served to compare with): read once more.
    await releases.refresh();
    if (folder && options.source === 'files') folder.on('reload', releases.#onFolder);
    return releases;
  }

  async close(): Promise<void> {
    this.options.folder?.off('reload', this.#onFolder);
    await this.#unlisten?.();
    this.removeAllListeners();
  }

  /** The active release's set: what everyone outside a pilot is served. */
  current(): ManifestSet {
    return this.#served.active;
  }

  /** The set a customer's users (and staff acting for it) are served: the pilot's for its customers. */
  servedTo(customerId: string | null): ManifestSet {
    const served = this.#served;
    return customerId !== null && served.pilot?.customers.has(customerId) ? served.pilot.set : served.active;
  }

  /** The state this replica serves. */
  state(): ReleaseState {
    const { active, pilot } = this.#served;
    return { active: active.release, pilot: pilot && { release: pilot.set.release, customers: [...pilot.customers] } };
  }

  /**
   * The state in the store, which may be ahead of what this replica serves (a step another took that
   * it has not heard of yet). There is one from the first release on, and `open` makes sure of one.
   */
  async storedState(): Promise<ReleaseState> {
    const state = await this.store.state();
    if (!state) throw new PlatformError('CFG_ERR_INTERNAL', 'the store holds no release state');
    return { active: state.active, pilot: state.pilot };
  }

  /** Any release, built as a set (for previews and differences); undefined when there is none. */
  async find(id: string): Promise<ManifestSet | undefined> {
    const built = this.#built.get(id) ?? this.built(id);
    if (built) return built;
    if (!isReleaseId(id)) return undefined;
    const release = await this.options.store.get(id);
    return release && this.#setOf(release);
  }

  built(id: string): ManifestSet | undefined {
    // Before the first state is served (while it is built) only what was built is known.
    const served = this.#served as Served | undefined;
    if (served && id === served.active.release) return served.active;
    if (served && id === served.pilot?.set.release) return served.pilot.set;
    return this.#built.get(id);
  }

  recentReleases(): { release: string; loadedAt: string }[] {
    return [...this.#history];
  }

  status(): ManifestStatus {
    return { release: this.#served.active.release, loadedAt: this.#served.loadedAt, rejected: this.options.folder?.rejected() ?? null };
  }

  get rejectedReloads(): number {
    return this.options.folder?.rejectedReloads ?? 0;
  }

  /** What a release is checked with (the web app's screens), for drafts checked as publications are. */
  get load(): LoadOptions {
    return this.options.load ?? {};
  }

  /**
   * Publishes a valid set as a release (or finds the release it already is, under its id of before ids
   * grew too); it is not activated. Another content stored under its id is refused (409), never
   * answered as if it were this one: an id is trusted to be its content everywhere else.
   */
  async publish(set: ManifestSet, reason: string, author: Actor): Promise<{ created: boolean; release: Release }> {
    const known = await this.#stored(set);
    if (known) return { created: false, release: known };
    const result = await this.options.store.publish({ id: set.release, files: set.contents, report: releaseReport(set), reason, author }, this.options.kept);
    // Other replicas may keep a pruned set built a while (a bounded few); here it is gone at once.
    for (const id of result.pruned) this.#built.delete(id);
    if (result.pruned.length)
      this.log?.info({ pruned: result.pruned, kept: this.options.kept }, 'manifest releases: the oldest releases past RELEASES_KEPT lost their files');
    if (!result.created && canonicalJson(result.release.files) !== canonicalJson(set.contents)) {
      throw new PlatformError(
        'CFG_ERR_CONFLICT',
        `release ${set.release} is stored with other content; nothing was stored: change the set, or ask an operator`,
      );
    }
    this.#remember(set);
    return result;
  }

  /** The stored release holding exactly this set's content, under its id or the shorter one of before ids grew. */
  async #stored(set: ManifestSet): Promise<Release | undefined> {
    for (const id of [set.release, legacyIdOf(set.release)]) {
      const release = await this.options.store.get(id);
      if (release && canonicalJson(release.files) === canonicalJson(set.contents)) return release;
    }
    return undefined;
  }

  activate(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.options.store.activate(step));
  }

  startPilot(step: ReleaseStepInput & { customers: readonly string[] }): Promise<StepResult> {
    return this.#afterStep(this.options.store.startPilot(step));
  }

  endPilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.options.store.endPilot(step));
  }

  promotePilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.options.store.promotePilot(step));
  }

  /** The writer's next request must see its own step: served here now, not when the notification comes. */
  async #afterStep(result: Promise<StepResult>): Promise<StepResult> {
    const done = await result;
    if (done.outcome === 'done' && done.changed) await this.refresh();
    return done;
  }

  /**
   * Reads the state and serves it if it is newer than what is served. Only a whole state is swapped
   * in, after both of its sets are built; a state that cannot be read or built leaves the current
   * one served (logged), and the next notification or reconnect tries again.
   */
  refresh(): Promise<void> {
    const run = this.#refreshing.then(async () => {
      try {
        if (!(this.#served as Served | undefined)) return;
        const state = await this.options.store.state();
        if (!state || state.generation <= this.#served.generation) return;
        this.#swap(await this.#build(state));
      } catch (error) {
        this.log?.error({ err: error }, 'manifest releases: could not read or build the release state; still serving the current one');
      }
    });
    this.#refreshing = run;
    return run;
  }

  #swap(next: Served): void {
    const before = this.#served;
    this.#served = next;
    const at = next.loadedAt;
    if (before.active.release !== next.active.release) {
      this.#history = [...this.#history.filter((h) => h.release !== next.active.release), { release: next.active.release, loadedAt: at }].slice(-HISTORY);
      this.emit('reload', { kind: 'loaded', release: next.active.release, previous: before.active.release, at });
    }
    const pilotOf = (s: Served) => (s.pilot ? `${s.pilot.set.release}:${[...s.pilot.customers].sort().join(',')}` : '');
    if (pilotOf(before) !== pilotOf(next)) {
      const customers = [...new Set([...(before.pilot?.customers ?? []), ...(next.pilot?.customers ?? [])])];
      this.emit('reload', { kind: 'pilot', release: next.pilot?.set.release ?? null, customers, at });
    }
  }

  async #build(state: InServiceState): Promise<Served> {
    const active = await this.#forServing(state.active);
    const pilot = state.pilot && { set: await this.#forServing(state.pilot.release), customers: new Set(state.pilot.customers) };
    return { generation: state.generation, active, pilot, loadedAt: new Date().toISOString() };
  }

  /** A release as it is served: with the module bundles it names. */
  async #forServing(id: string): Promise<ManifestSet> {
    return withBundles(await this.#load(id), this.options.bundles, (missing) =>
      this.log?.warn({ release: id, missing }, 'manifest releases: the release names bundles the store does not hold; those modules keep the generic screens'),
    );
  }

  async #load(id: string): Promise<ManifestSet> {
    const set = await this.find(id);
    if (!set) throw new PlatformError('CFG_ERR_INTERNAL', `release ${id} is named in service but is not in the store`);
    return set;
  }

  /** A stored release built as the folder would be; its id is checked against its content. */
  #setOf(release: Release): ManifestSet {
    const set = manifestSetFromFiles(release.files, this.options.load);
    // Reached from requests too (previews, differences): the client gets a 500 problem, the log the release.
    if (!idOfContent(release.id, set.release)) throw new PlatformError('CFG_ERR_INTERNAL', `release ${release.id} holds content whose id is ${set.release}`);
    // One stored before ids grew is served under the id the state, the audit and the browsers know it by.
    const named = set.release === release.id ? set : { ...set, release: release.id };
    this.#remember(named);
    return named;
  }

  #remember(set: ManifestSet): void {
    this.#built.delete(set.release);
    this.#built.set(set.release, set);
    if (this.#built.size > BUILT) this.#built.delete(this.#built.keys().next().value!);
  }

  /** files mode: a valid edit on disk becomes a release authored by the folder, and is activated. */
  async #folderChanged(event: FolderEvent): Promise<void> {
    // A refused edit is told as the folder tells it; a taken one as the release it becomes, once served.
    if (event.kind !== 'loaded') {
      this.emit('reload', event);
      return;
    }
    const set = this.options.folder!.current();
    try {
      const { release } = await this.publish(set, 'edited on disk', FILES_AUTHOR);
      await this.#activateFromFiles(release.id, { ...this.state(), generation: this.#served.generation });
      await this.refresh();
    } catch (error) {
      this.log?.error({ err: error }, 'manifest releases: could not publish the edited folder');
    }
  }

  /** The folder's release made active over whatever is active now (the folder is the authority in files mode). */
  async #activateFromFiles(id: string, state: InServiceState): Promise<InServiceState | undefined> {
    let expected = state.active;
    // Another writer may step in between reading and writing: read again and retry, a few times.
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await this.options.store.activate({ release: id, expectedActive: expected, reason: 'edited on disk', actor: FILES_AUTHOR });
      if (result.outcome === 'done') return result.state;
      if (result.outcome !== 'conflict') return undefined;
      expected = result.state.active;
    }
    return undefined;
  }
}
