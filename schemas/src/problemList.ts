// How many problems a manifest check reports, for the service's check and the browser's check of a draft alike.

/**
 * How many problems a check reports in full. An administrator fixes a broken edit from the first ones;
 * thousands more say nothing new, and locating and sending (or marking) each one is work an attacker, or
 * an accidental paste, could multiply (issue 26).
 */
export const PROBLEM_CAP = 100;

/**
 * The problems a check finds: the first PROBLEM_CAP kept whole, the rest only counted (in all and per
 * file), so that finding a million problems costs no more memory than finding a hundred.
 */
export class ProblemList<P extends { file: string }> {
  readonly kept: P[] = [];
  /** Problems found past the cap, by file. */
  readonly moreByFile = new Map<string, number>();
  #more = 0;

  constructor(readonly cap = PROBLEM_CAP) {}

  /** True once the cap is reached: a caller may count what it finds instead of building each problem. */
  get full(): boolean {
    return this.kept.length >= this.cap;
  }

  /** Problems found past the cap. */
  get more(): number {
    return this.#more;
  }

  /** Every problem found, kept or counted. */
  get size(): number {
    return this.kept.length + this.#more;
  }

  add(problem: P): void {
    if (this.full) this.count(problem.file, 1);
    else this.kept.push(problem);
  }

  /** Counts `n` problems of `file` found past the cap without building them. */
  count(file: string, n: number): void {
    if (n <= 0) return;
    this.#more += n;
    this.moreByFile.set(file, (this.moreByFile.get(file) ?? 0) + n);
  }
}
