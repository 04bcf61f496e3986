import { problemHint as hintFor, type ManifestRule } from '@platform/schemas';
import type { ErrorCode } from '../errors.ts';
import { locatePointer, locateSyntaxError } from './problemLocation.ts';

/** One thing wrong with a manifest: where (file and JSON pointer), which rule, and what is wrong. */
export interface ManifestProblem {
  file: string;
  pointer: string;
  rule: ManifestRule;
  message: string;
}

/** A problem as an administrator reads it: also the line and column in the file, and what to do. */
export interface LocatedProblem extends ManifestProblem {
  line?: number;
  column?: number;
  hint: string;
}

/** Adds line, column and hint to a problem, given the texts of the files as they were read. */
export function locateProblem(problem: ManifestProblem, texts: ReadonlyMap<string, string>): LocatedProblem {
  const text = texts.get(problem.file);
  const at = text === undefined ? undefined : problem.rule === 'json-syntax' ? locateSyntaxError(text) : locatePointer(text, problem.pointer);
  return { ...problem, ...at, hint: hintFor(problem.rule) };
}

/**
 * Raised when the manifest set cannot be served; carries every problem found, not just the first. Not a
 * PlatformError: the same set stops start-up, is refused on a folder edit, and fails a check run by hand,
 * and only a set a client sent is its fault (routes/releases/validDraft.ts makes that one a 422).
 */
export class ManifestSetError extends Error {
  readonly code = 'CFG_ERR_MANIFEST_INVALID' satisfies ErrorCode;
  constructor(readonly problems: LocatedProblem[]) {
    super(`route manifests are invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'ManifestSetError';
  }
}

/** `file:line:column pointer [rule] message`, then the hint, as compilers print so editors can jump there. */
export function formatProblem(p: LocatedProblem): string {
  const where = p.line ? `${p.file}:${p.line}:${p.column}` : p.file;
  return `  ${where} ${p.pointer || '/'} [${p.rule}] ${p.message}\n      hint: ${p.hint}`;
}
