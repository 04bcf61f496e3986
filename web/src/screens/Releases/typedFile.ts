import { getNodeValue, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { depthExceededAt, lineLocator, nodeLocator, problemHint as hintFor, type ManifestFileProblem } from '@platform/schemas';

/** A problem as the editor shows it: as the service reports it, where it is in the text as typed, and who found it. */
export interface DraftProblem extends ManifestFileProblem {
  /** Character offsets in the file's text, for the editor's marks. */
  from: number;
  to: number;
  source: 'browser' | 'service';
}

const JSON_ONLY = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/**
 * One file of the draft as typed, parsed once however many of its problems are placed: placing each
 * problem by parsing the file again made a draft with thousands of problems (a registry of
 * `[1,1,…]`) cost the square of their number and froze the tab (issue 26).
 */
export class TypedFile {
  /** The file's JSON syntax errors, in the order they occur. */
  readonly syntaxErrors: ParseError[] = [];
  /** Where objects and arrays first nest deeper than MAX_JSON_DEPTH, if they do: the parse tree recurses, so such a file is not parsed. */
  readonly tooDeepAt: number | undefined;
  readonly #root: Node | undefined;
  #nodes: ((pointer: string) => { node: Node; complete: boolean }) | undefined;
  #lines: ((offset: number) => { line: number; column: number }) | undefined;

  constructor(
    readonly name: string,
    readonly text: string,
  ) {
    this.tooDeepAt = depthExceededAt(text);
    this.#root = this.tooDeepAt === undefined ? parseTree(text, this.syntaxErrors, JSON_ONLY) : undefined;
  }

  /** The file's value, for the schema; undefined unless it is well-formed JSON. */
  value(): unknown {
    return this.#root && !this.syntaxErrors.length ? (getNodeValue(this.#root) as unknown) : undefined;
  }

  /** 1-based line and column of a character offset. */
  at(offset: number): { line: number; column: number } {
    this.#lines ??= lineLocator(this.text);
    return this.#lines(offset);
  }

  /**
   * Where a JSON pointer lands in the text as typed: the property (name and value) it names or, when
   * that is missing (a required property, say), the nearest object or array around it that exists.
   * The service's own line numbers count in the file as it reformats it, which may not be the text typed.
   */
  mark(pointer: string): { from: number; to: number } {
    if (!this.#root) return { from: 0, to: Math.min(this.text.length, 1) };
    this.#nodes ??= nodeLocator(this.#root);
    const { node, complete } = this.#nodes(pointer);
    const property = node.parent?.type === 'property' ? node.parent : undefined;
    const container = node.type === 'object' || node.type === 'array';
    // A value is marked with its name; an object or array (a missing property is reported at its
    // object) only by its name or opening bracket, so one problem does not mark half the file.
    if (!container && complete) return { from: (property ?? node).offset, to: node.offset + node.length };
    const key = property?.children?.[0];
    return key ? { from: key.offset, to: key.offset + key.length } : { from: node.offset, to: node.offset + 1 };
  }

  /** A problem placed in this file. */
  place(
    problem: { pointer: string; rule: string; message: string; hint?: string },
    source: DraftProblem['source'],
    at = this.mark(problem.pointer),
  ): DraftProblem {
    return { file: this.name, ...problem, hint: problem.hint ?? hintFor(problem.rule), ...this.at(at.from), ...at, source };
  }
}
