import { EventEmitter } from 'node:events';
import { watch, type FSWatcher } from 'node:fs';
import { loadManifestSet, type ManifestSet } from './loadManifestSet.ts';
import { ManifestSetError, type LocatedProblem } from './manifestProblem.ts';
import type { ScreenCatalogue } from './validateManifestSet.ts';

/** The outcome of one attempt to load the folder. */
export type FolderEvent =
  | { kind: 'loaded'; release: string; previous: string; at: string }
  | { kind: 'unchanged'; release: string; at: string }
  /** `problems`: the first PROBLEM_CAP found; `moreProblems`: how many more there were. */
  | { kind: 'rejected'; problems: LocatedProblem[]; moreProblems: number; at: string; serving: string };

/** The last rejected edit, until a valid set replaces it: its first problems, and how many more (in all and per file). */
export type RejectedEdit = { at: string; problems: LocatedProblem[]; moreProblems: number; moreByFile: ReadonlyMap<string, number> };

/**
 * The route-manifests/ folder, watched: the last valid set it held, replaced only by a set that is
 * valid as a whole (an invalid edit is kept as the rejected one until fixed). It serves nobody: the
 * releases (`ManifestReleases`) publish what it holds, and users are served the releases.
 */
export class ManifestFolder extends EventEmitter<{ reload: [FolderEvent] }> {
  #current: ManifestSet;
  #rejected: RejectedEdit | null = null;
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
  }

  /** The last valid set the folder held. */
  current(): ManifestSet {
    return this.#current;
  }

  /** How many reloads since start found the folder invalid (the metrics' counter). */
  get rejectedReloads(): number {
    return this.#rejectedReloads;
  }

  /** The last rejected edit, until a valid set replaces it. */
  rejected(): RejectedEdit | null {
    return this.#rejected;
  }

  /** Loads the folder again now; its set changes only if the folder is valid. */
  reload(): FolderEvent {
    const at = new Date().toISOString();
    let event: FolderEvent;
    try {
      const next = loadManifestSet(this.dir, { screens: this.options.screens });
      this.#rejected = null;
      if (next.release === this.#current.release) {
        event = { kind: 'unchanged', release: next.release, at };
      } else {
        event = { kind: 'loaded', release: next.release, previous: this.#current.release, at };
        this.#current = next;
      }
    } catch (error) {
      if (!(error instanceof ManifestSetError)) throw error;
      this.#rejected = { at, problems: error.problems, moreProblems: error.moreProblems, moreByFile: error.moreByFile };
      this.#rejectedReloads++;
      event = { kind: 'rejected', problems: error.problems, moreProblems: error.moreProblems, at, serving: this.#current.release };
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
