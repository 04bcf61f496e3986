import type { ManifestProblem } from './manifestProblem.ts';
import type { ProblemList } from '@platform/schemas';
import type { ManifestDoc } from './manifestDoc.ts';

interface Segment {
  children: Map<string, Segment>;
  /** Indexes (into `docs`) of the modules whose base url ends here. */
  owners: number[];
  ownersByKey: Map<string, number>;
}

/** How many modules own an address, in all and by key, counted without listing them. */
export interface OwnerCount {
  all: number;
  key(key: string): number;
}

const segment = (): Segment => ({ children: new Map(), owners: [], ownersByKey: new Map() });

/**
 * The registered modules by base url, as a tree of path segments: the modules an address lies within
 * (see `within`) are found by walking the address's segments once, instead of comparing it with every
 * module, which made the rules across modules cost addresses times modules.
 */
export class BaseUrlOwners {
  readonly #root = segment();

  constructor(readonly docs: readonly ManifestDoc[]) {
    docs.forEach((doc, index) => {
      const base = doc.manifest.baseUrl;
      if (base === '/') return;
      let node = this.#root;
      for (const part of base.split('/')) {
        let next = node.children.get(part);
        if (!next) node.children.set(part, (next = segment()));
        node = next;
      }
      node.owners.push(index);
      node.ownersByKey.set(doc.manifest.key, (node.ownersByKey.get(doc.manifest.key) ?? 0) + 1);
    });
  }

  /**
   * Adds a problem of `file` for each module that owns `path` and is `eligible`, in the order of `docs`;
   * `eligibleCount` says how many there are from the counts alone, so once the list is full they are
   * counted without being visited.
   */
  forEachOwner(
    path: string,
    file: string,
    problems: ProblemList<ManifestProblem>,
    eligible: (owner: ManifestDoc) => boolean,
    problem: (owner: ManifestDoc) => ManifestProblem,
    eligibleCount: (count: OwnerCount) => number,
  ): void {
    const along: Segment[] = [];
    let node: Segment | undefined = this.#root;
    for (const part of path.split('/')) {
      node = node.children.get(part);
      if (!node) break;
      if (node.owners.length) along.push(node);
    }
    if (!along.length) return;
    const count: OwnerCount = {
      all: along.reduce((sum, n) => sum + n.owners.length, 0),
      key: (key) => along.reduce((sum, n) => sum + (n.ownersByKey.get(key) ?? 0), 0),
    };
    const total = eligibleCount(count);
    if (total <= 0) return;
    let added = 0;
    for (const index of along.flatMap((n) => n.owners).sort((x, y) => x - y)) {
      if (problems.full) break;
      const owner = this.docs[index]!;
      if (!eligible(owner)) continue;
      problems.add(problem(owner));
      added += 1;
    }
    problems.count(file, total - added);
  }
}
