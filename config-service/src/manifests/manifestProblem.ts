import { problemHint as hintFor, type ManifestFileProblem, type ManifestRule, type ProblemList } from '@platform/schemas';
import type { ErrorCode } from '../errors.ts';
import { FileLocator, type Location } from './problemLocation.ts';

/** One thing wrong with a manifest: where (file and JSON pointer), which rule, and what is wrong. */
export interface ManifestProblem {
  file: string;
  pointer: string;
  rule: ManifestRule;
  message: string;
  /** Where in the text, for a problem found before the file was parsed (too deep to parse safely). */
  offset?: number;
}

/** A problem as an administrator reads it: also the line and column in the file, and what to do. */
export interface LocatedProblem extends Omit<ManifestProblem, 'offset'> {
  line?: number;
  column?: number;
  hint: string;
}

/**
 * Adds line, column and hint to each problem kept, given the texts of the files as they were read:
 * each file is parsed once, however many of its problems are located.
 */
export function locateProblems(problems: readonly ManifestProblem[], texts: ReadonlyMap<string, string>): LocatedProblem[] {
  const locators = new Map<string, FileLocator>();
  return problems.map((problem) => {
    const text = texts.get(problem.file);
    let at: Location | undefined;
    if (text !== undefined) {
      let locator = locators.get(problem.file);
      if (!locator) locators.set(problem.file, (locator = new FileLocator(text)));
      at =
        problem.rule === 'json-syntax'
          ? locator.syntaxError()
          : problem.rule === 'json-depth'
            ? locator.at(problem.offset ?? 0)
            : locator.pointer(problem.pointer);
    }
    const { offset: _offset, ...rest } = problem;
    return { ...rest, ...at, hint: hintFor(problem.rule) };
  });
}

/**
 * Raised when the manifest set cannot be served; carries the first PROBLEM_CAP problems found, not just
 * the first, and how many more there were (in all and per file). Not a PlatformError: the same set stops
 * start-up, is refused on a folder edit, and fails a check run by hand, and only a set a client sent is
 * its fault (routes/releases/validDraft.ts makes that one a 422).
 */
export class ManifestSetError extends Error {
  readonly code = 'CFG_ERR_MANIFEST_INVALID' satisfies ErrorCode;
  readonly problems: LocatedProblem[];
  /** Problems found past the cap: counted, not listed. */
  readonly moreProblems: number;
  readonly moreByFile: ReadonlyMap<string, number>;
  constructor(problems: LocatedProblem[], more: Pick<ProblemList<ManifestProblem>, 'more' | 'moreByFile'> = { more: 0, moreByFile: new Map() }) {
    const total = problems.length + more.more;
    super(`route manifests are invalid (${total} problem${total === 1 ? '' : 's'}):\n${[...problems.map(formatProblem), ...moreLine(more.more)].join('\n')}`);
    this.name = 'ManifestSetError';
    this.problems = problems;
    this.moreProblems = more.more;
    this.moreByFile = more.moreByFile;
  }
}

/** The line that stands for the problems not listed, if any: `  … and 7,900 more problems`. */
export function moreLine(more: number): string[] {
  return more > 0 ? [`  … and ${more.toLocaleString('en')} more problem${more === 1 ? '' : 's'}, not listed: fix the first ones and check again`] : [];
}

/** `file:line:column pointer [rule] message`, then the hint, as compilers print so editors can jump there. */
export function formatProblem(p: ManifestFileProblem): string {
  const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
  return `  ${where} ${p.pointer || '/'} [${p.rule}] ${p.message}\n      hint: ${p.hint}`;
}
