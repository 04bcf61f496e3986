import { EventEmitter } from 'node:events';
import { watch, type FSWatcher } from 'node:fs';
import { loadManifestSet, type ManifestSet } from './loadManifestSet.ts';
import { ManifestSetError, type LocatedProblem } from './manifestProblem.ts';
import type { ScreenCatalogue } from './validateManifestSet.ts';

/** The outcome of one attempt to load the folder, as the admin API reports it. */
export type ReloadEvent =
  | { kind: 'loaded'; version: string; previous: string; at: string }
  | { kind: 'unchanged'; version: string; at: string }
  /** `problems`: the first PROBLEM_CAP found; `moreProblems`: how many more there were. */
  | { kind: 'rejected'; problems: LocatedProblem[]; moreProblems: number; at: string; serving: string }
  /** The pilot started, changed or ended; `customers` are those whose users' set changed. */
  | { kind: 'pilot'; release: string | null; customers: string[]; at: string };

export interface ManifestStatus {
  /** The version being served. */
  version: string;
  loadedAt: string;
  /** The last rejected edit, until a valid set replaces it: its first problems, and how many more (in all and per file). */
  rejected: { at: string; problems: LocatedProblem[]; moreProblems: number; moreByFile: ReadonlyMap<string, number> } | null;
}

/** What the service's routes read of the store; a test can hand in any set through a real store. */
export interface ManifestSource {
  /** The set everyone outside a pilot is served. */
  current(): ManifestSet;
  /** The set a customer's users (and staff acting for it) are served; null: no customer in context. */
  servedTo(customerId: string | null): ManifestSet;
  /** Any set this source can still build, by version (release id). */
  find(version: string): Promise<ManifestSet | undefined>;
  /** A set held in memory, by version. */
  version(version: string): ManifestSet | undefined;
  /** Versions served here lately, oldest first; the last is the one in service. */
  versions(): { version: string; loadedAt: string }[];
  status(): ManifestStatus;
  readonly rejectedReloads: number;
  on(event: 'reload', listener: (event: ReloadEvent) => void): unknown;
  off(event: 'reload', listener: (event: ReloadEvent) => void): unknown;
}

/** How many earlier versions are kept for comparing (admin preview). */
const HISTORY = 10;

/**
 * Holds the manifest set in service and replaces it only with a set that is valid as a whole: an
 * invalid edit leaves the last good set served and is kept as the rejected state. The swap is a
 * single reference assignment, so a request sees either the old set or the new one, never a mix.
 */
export class ManifestStore extends EventEmitter<{ reload: [ReloadEvent] }> {
  #current: ManifestSet;
  #loadedAt = new Date().toISOString();
  #rejected: ManifestStatus['rejected'] = null;
  #history: { set: ManifestSet; loadedAt: string }[] = [];
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #rejectedReloads = 0;

  constructor(
    readonly dir: string,
    private readonly options: { screens?: ScreenCatalogue } = {},
  ) {
    super();
    // Every open event stream listens for reloads; hundreds are normal, not a leak.
    this.setMaxListeners(0);
    // The first load throws: a service must not start without a valid set.
    this.#current = loadManifestSet(dir, { screens: options.screens });
    this.#history.push({ set: this.#current, loadedAt: this.#loadedAt });
  }

  current(): ManifestSet {
    return this.#current;
  }

  /** The set the users of a customer (or staff acting for it; null: no customer) are served. */
  servedTo(_customerId: string | null): ManifestSet {
    return this.#current;
  }

  /** A set by version, wherever it is kept (here: among the last few served). */
  async find(version: string): Promise<ManifestSet | undefined> {
    return this.version(version);
  }

  /** A set served earlier (or now), by version, while it is among the last few. */
  version(version: string): ManifestSet | undefined {
    return this.#history.find((h) => h.set.version === version)?.set;
  }

  /** The versions `version()` can still return, oldest first; the last is the one in service. */
  versions(): { version: string; loadedAt: string }[] {
    return this.#history.map((h) => ({ version: h.set.version, loadedAt: h.loadedAt }));
  }

  /** How many reloads since start found the folder invalid (the metrics' counter). */
  get rejectedReloads(): number {
    return this.#rejectedReloads;
  }

  status(): ManifestStatus {
    return { version: this.#current.version, loadedAt: this.#loadedAt, rejected: this.#rejected };
  }

  /** Loads the folder again now; the set in service changes only if the folder is valid. */
  reload(): ReloadEvent {
    const at = new Date().toISOString();
    let event: ReloadEvent;
    try {
      const next = loadManifestSet(this.dir, { screens: this.options.screens });
      this.#rejected = null;
      if (next.version === this.#current.version) {
        event = { kind: 'unchanged', version: next.version, at };
      } else {
        event = { kind: 'loaded', version: next.version, previous: this.#current.version, at };
        this.#current = next;
        this.#loadedAt = at;
        this.#history = [...this.#history.filter((h) => h.set.version !== next.version), { set: next, loadedAt: at }].slice(-HISTORY);
      }
    } catch (error) {
      if (!(error instanceof ManifestSetError)) throw error;
      this.#rejected = { at, problems: error.problems, moreProblems: error.moreProblems, moreByFile: error.moreByFile };
      this.#rejectedReloads++;
      event = { kind: 'rejected', problems: error.problems, moreProblems: error.moreProblems, at, serving: this.#current.version };
    }
    this.emit('reload', event);
    return event;
  }

  /** Reloads shortly after files in the folder change (editors write in bursts). */
  watch(debounceMs = 150): void {
    if (this.#watcher) return;
    this.#watcher = watch(this.dir, () => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => this.reload(), debounceMs);
    });
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
    this.#watcher = undefined;
  }
}
