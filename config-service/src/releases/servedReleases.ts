import type { ReleaseState } from '@platform/schemas';
import { PlatformError } from '../errors.ts';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { withBundles } from '../bundles/servedBundles.ts';
import type { BundleStore } from '../store/bundleStore.ts';
import { KEPT_ACTIVATIONS } from '../store/pruneReleases.ts';
import type { InServiceState, ReleaseStore } from '../store/releaseStore.ts';
import type { BuiltReleases } from './builtReleases.ts';
import type { ReleasesLog } from './releasesLog.ts';
import type { ReloadEvent } from './servedManifests.ts';

/** How many sets served here are listed as history (the admin module list): the store keeps their files. */
const HISTORY = KEPT_ACTIVATIONS;

/** What one replica serves: swapped as one object, so a request sees one state, never half of two. */
export interface Served {
  generation: number;
  active: ManifestSet;
  pilot: { set: ManifestSet; customers: ReadonlySet<string> } | null;
  loadedAt: string;
}

/** What serving a release needs besides the release: its module bundles, and where a missing one is logged. */
export interface ServingParts {
  /** Module bundles: a served set's modules carry the bundles it names (issue 28). Unset: none. */
  bundles: BundleStore | undefined;
  log: ReleasesLog;
}

/**
 * A state built for serving, both of its sets with the module bundles they name; `find` gives each
 * release as a set (what is built already, else the store's).
 */
export async function buildServed(state: InServiceState, find: (id: string) => Promise<ManifestSet | undefined>, parts: ServingParts): Promise<Served> {
  const forServing = async (id: string): Promise<ManifestSet> => {
    const set = await find(id);
    if (!set) throw new PlatformError('CFG_ERR_INTERNAL', `release ${id} is named in service but is not in the store`);
    return withBundles(set, parts.bundles, (missing) =>
      parts.log.warn({ release: id, missing }, 'manifest releases: the release names bundles the store does not hold; those modules keep the generic screens'),
    );
  };
  const active = await forServing(state.active);
  const pilot = state.pilot && { set: await forServing(state.pilot.release), customers: new Set(state.pilot.customers) };
  return { generation: state.generation, active, pilot, loadedAt: new Date().toISOString() };
}

/**
 * The state this replica serves (the active release to everyone, the pilot's to its customers), kept
 * up with the store's: each refresh reads the state and swaps in a newer one whole, and tells what
 * changed. While the database is down it keeps serving the sets it holds.
 */
export class ServedReleases {
  #served: Served;
  #history: { release: string; loadedAt: string }[];
  /** Refreshes run one after another, each reading the latest state. */
  #refreshing: Promise<void> = Promise.resolve();

  constructor(
    first: Served,
    private readonly store: ReleaseStore,
    private readonly built: BuiltReleases,
    private readonly parts: ServingParts,
    /** Told each change of what is served. */
    private readonly tell: (event: ReloadEvent) => void,
  ) {
    this.#served = first;
    this.#history = [{ release: first.active.release, loadedAt: first.loadedAt }];
  }

  /** The store's generation of the state served. */
  get generation(): number {
    return this.#served.generation;
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

  state(): ReleaseState {
    const { active, pilot } = this.#served;
    return { active: active.release, pilot: pilot && { release: pilot.set.release, customers: [...pilot.customers] } };
  }

  /** The set served here under this id (active or pilot), with its bundles; undefined when it is not served. */
  serving(id: string): ManifestSet | undefined {
    const served = this.#served;
    if (id === served.active.release) return served.active;
    if (id === served.pilot?.set.release) return served.pilot.set;
    return undefined;
  }

  /** Releases served here lately, oldest first; the last is the one in service. */
  recentReleases(): { release: string; loadedAt: string }[] {
    return [...this.#history];
  }

  /** When what is served now was swapped in. */
  get loadedAt(): string {
    return this.#served.loadedAt;
  }

  /**
   * Reads the state and serves it if it is newer than what is served. Only a whole state is swapped
   * in, after both of its sets are built; a state that cannot be read or built leaves the current
   * one served (logged), and the next notification or reconnect tries again.
   */
  refresh(): Promise<void> {
    const run = this.#refreshing.then(async () => {
      try {
        const state = await this.store.state();
        if (!state || state.generation <= this.#served.generation) return;
        this.#swap(await buildServed(state, (id) => this.#find(id), this.parts));
      } catch (error) {
        this.parts.log.error({ err: error }, 'manifest releases: could not read or build the release state; still serving the current one');
      }
    });
    this.#refreshing = run;
    return run;
  }

  async #find(id: string): Promise<ManifestSet | undefined> {
    return this.built.get(id) ?? this.serving(id) ?? (await this.built.read(id));
  }

  #swap(next: Served): void {
    const before = this.#served;
    this.#served = next;
    const at = next.loadedAt;
    if (before.active.release !== next.active.release) {
      this.#history = [...this.#history.filter((h) => h.release !== next.active.release), { release: next.active.release, loadedAt: at }].slice(-HISTORY);
      this.tell({ kind: 'loaded', release: next.active.release, previous: before.active.release, at });
    }
    const pilotOf = (s: Served) => (s.pilot ? `${s.pilot.set.release}:${[...s.pilot.customers].sort().join(',')}` : '');
    if (pilotOf(before) !== pilotOf(next)) {
      const customers = [...new Set([...(before.pilot?.customers ?? []), ...(next.pilot?.customers ?? [])])];
      this.tell({ kind: 'pilot', release: next.pilot?.set.release ?? null, customers, at });
    }
  }
}
