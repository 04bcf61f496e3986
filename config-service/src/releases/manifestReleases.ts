import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseState } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import type { LoadOptions, ManifestSet } from '../manifests/loadManifestSet.ts';
import type { ManifestFolder } from '../manifests/manifestFolder.ts';
import type { BundleStore } from '../store/bundleStore.ts';
import type { Actor } from '../store/customerStore.ts';
import type { ReleaseStepInput, ReleaseStore, StepResult } from '../store/releaseStore.ts';
import { BuiltReleases } from './builtReleases.ts';
import { FolderPublisher, publishFolderAtStart } from './folderPublisher.ts';
import { ReleasePublisher } from './releasePublisher.ts';
import { optionalLog, type ReleasesLog } from './releasesLog.ts';
import type { ManifestStatus, ReloadEvent, ServedManifests } from './servedManifests.ts';
import { buildServed, ServedReleases, type Served } from './servedReleases.ts';

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
  /** Where failures to follow the store and the folder are logged, and what was pruned. Unset: nothing is. */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What `open` makes before the whole is made of it. */
interface Parts {
  options: ManifestReleasesOptions;
  built: BuiltReleases;
  publisher: ReleasePublisher;
  first: Served;
  log: ReleasesLog;
  unlisten: () => Promise<void>;
}

/**
 * The manifest releases as this replica publishes and serves them, made of three parts: the releases
 * built as sets (`BuiltReleases`), the state served (`ServedReleases`: the active release to everyone,
 * the pilot's to its customers) and, in files mode, the folder's publisher (`FolderPublisher`). Every
 * replica listens for the store's notification and reads the state again, so a step taken through
 * any replica is served by all; one that lost its listening connection reads it again on reconnect.
 */
export class ManifestReleases extends EventEmitter<{ reload: [ReloadEvent] }> implements ServedManifests {
  readonly store: ReleaseStore;
  readonly #options: ManifestReleasesOptions;
  readonly #built: BuiltReleases;
  readonly #publisher: ReleasePublisher;
  readonly #served: ServedReleases;
  readonly #folder: FolderPublisher | undefined;
  readonly #unlisten: () => Promise<void>;

  private constructor({ options, built, publisher, first, log, unlisten }: Parts) {
    super();
    // Every open event stream listens; hundreds are normal, not a leak.
    this.setMaxListeners(0);
    this.store = options.store;
    this.#options = options;
    this.#built = built;
    this.#publisher = publisher;
    this.#unlisten = unlisten;
    const tell = (event: ReloadEvent) => void this.emit('reload', event);
    this.#served = new ServedReleases(first, options.store, built, { bundles: options.bundles, log }, tell);
    this.#folder =
      options.folder && options.source === 'files' ? new FolderPublisher(options.folder, options.store, publisher, this.#served, log, tell) : undefined;
  }

  /** The releases, whole: the folder published where it must be, the state in the store built and served. */
  static async open(options: ManifestReleasesOptions): Promise<ManifestReleases> {
    const { store, folder } = options;
    const log = optionalLog(options.log);
    const built = new BuiltReleases(store, options.load);
    const publisher = new ReleasePublisher(store, built, options.kept, log);
    // Listening before the first read: a step taken in between is heard, not missed. One heard before
    // the releases are whole is read by the refresh below, once they are.
    let releases: ManifestReleases | undefined;
    const unlisten = await store.onChange(
      () => void releases?.refresh(),
      () => void releases?.refresh(),
    );
    let state = await store.state();
    if (folder) state = await publishFolderAtStart(folder, options.source, state, { store, built, publisher });
    if (!state) throw new Error('the store holds no manifest release and no folder was given to seed it from');
    // Nothing is served yet: each release is the one built at start, or the store's.
    const first = await buildServed(state, async (id) => built.get(id) ?? (await built.read(id)), { bundles: options.bundles, log });
    releases = new ManifestReleases({ options, built, publisher, first, log, unlisten });
    await releases.refresh();
    return releases;
  }

  async close(): Promise<void> {
    this.#folder?.close();
    await this.#unlisten();
    this.removeAllListeners();
  }

  /** The active release's set: what everyone outside a pilot is served. */
  current(): ManifestSet {
    return this.#served.current();
  }

  /** The set a customer's users (and staff acting for it) are served: the pilot's for its customers. */
  servedTo(customerId: string | null): ManifestSet {
    return this.#served.servedTo(customerId);
  }

  /** The state this replica serves. */
  state(): ReleaseState {
    return this.#served.state();
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
    return this.#built.get(id) ?? this.#served.serving(id) ?? (await this.#built.read(id));
  }

  built(id: string): ManifestSet | undefined {
    return this.#served.serving(id) ?? this.#built.get(id);
  }

  recentReleases(): { release: string; loadedAt: string }[] {
    return this.#served.recentReleases();
  }

  status(): ManifestStatus {
    return { release: this.#served.current().release, loadedAt: this.#served.loadedAt, rejected: this.#options.folder?.rejected() ?? null };
  }

  get rejectedReloads(): number {
    return this.#options.folder?.rejectedReloads ?? 0;
  }

  /** What a release is checked with (the web app's screens), for drafts checked as publications are. */
  get load(): LoadOptions {
    return this.#built.load;
  }

  /** See `ReleasePublisher.publish`: a release made of a valid set, not activated. */
  publish(set: ManifestSet, reason: string, author: Actor): ReturnType<ReleasePublisher['publish']> {
    return this.#publisher.publish(set, reason, author);
  }

  activate(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.store.activate(step));
  }

  startPilot(step: Parameters<ReleaseStore['startPilot']>[0]): Promise<StepResult> {
    return this.#afterStep(this.store.startPilot(step));
  }

  endPilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.store.endPilot(step));
  }

  promotePilot(step: ReleaseStepInput): Promise<StepResult> {
    return this.#afterStep(this.store.promotePilot(step));
  }

  /** The writer's next request must see its own step: served here now, not when the notification comes. */
  async #afterStep(result: Promise<StepResult>): Promise<StepResult> {
    const done = await result;
    if (done.outcome === 'done' && done.changed) await this.refresh();
    return done;
  }

  /** Reads the state and serves it if it is newer than what is served (see `ServedReleases.refresh`). */
  refresh(): Promise<void> {
    return this.#served.refresh();
  }
}
