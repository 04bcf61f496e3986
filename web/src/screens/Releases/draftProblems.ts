import type { ErrorObject } from 'ajv';
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import {
  addSchemaProblems,
  depthExceededAt,
  escapePointerSegment,
  lineLocator,
  nodeLocator,
  problemHint as hintFor,
  ProblemList,
  TOO_DEEP_MESSAGE,
  type ManifestFileProblem,
  type ReleaseFiles,
} from '@platform/schemas';

/** A compiled schema check, as Ajv makes them (at build time here: see web/build/manifestValidators.ts). */
export type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface Validators {
  moduleManifest: Validate;
  moduleRegistry: Validate;
}

/** A problem as the editor shows it: as the service reports it, where it is in the text as typed, and who found it. */
export interface DraftProblem extends ManifestFileProblem {
  /** Character offsets in the file's text, for the editor's marks. */
  from: number;
  to: number;
  source: 'browser' | 'service';
}

const REGISTRY_FILE = 'registry.json';

/** jsonc-parser's error codes in words. */
const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'not a number JSON allows',
  PropertyNameExpected: 'a property name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon (:) is expected after the property name',
  CommaExpected: 'a comma is expected',
  CloseBraceExpected: 'a closing } is expected',
  CloseBracketExpected: 'a closing ] is expected',
  EndOfFileExpected: 'nothing may follow the closing bracket',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'the string is not closed',
  UnexpectedEndOfNumber: 'the number is cut short',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape (\\) in a string',
  InvalidCharacter: 'a control character in a string',
};

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

/** What the browser finds in a draft: the first PROBLEM_CAP problems, and how many more (in all and per file). */
export type FoundProblems = Pick<ProblemList<DraftProblem>, 'kept' | 'more' | 'moreByFile'>;

/** Adds what the browser can find in one file by itself to `problems`: its nesting, its JSON syntax, then its schema. */
function addFileProblems(file: TypedFile, validators: Validators, problems: ProblemList<DraftProblem>): void {
  if (file.tooDeepAt !== undefined) {
    problems.add(file.place({ pointer: '', rule: 'json-depth', message: TOO_DEEP_MESSAGE }, 'browser', { from: file.tooDeepAt, to: file.tooDeepAt + 1 }));
    return;
  }
  if (file.syntaxErrors.length) {
    for (const e of file.syntaxErrors) {
      if (problems.full) {
        problems.count(file.name, 1);
        continue;
      }
      const code = printParseErrorCode(e.error);
      const message = `${SYNTAX[code] ?? code} at line ${file.at(e.offset).line}`;
      problems.add(file.place({ pointer: '', rule: 'json-syntax', message }, 'browser', { from: e.offset, to: e.offset + Math.max(e.length, 1) }));
    }
    return;
  }
  const validate = file.name === REGISTRY_FILE ? validators.moduleRegistry : validators.moduleManifest;
  if (validate(file.value())) return;
  addSchemaProblems(file.name, validate.errors ?? [], problems, (problem, e) =>
    // The pointer names the object, as the service's does; the mark goes on the property not allowed.
    file.place(
      problem,
      'browser',
      file.mark(e.keyword === 'additionalProperties' ? `${e.instancePath}/${escapePointerSegment(String(e.params.additionalProperty))}` : problem.pointer),
    ),
  );
}

/** The problems the browser finds in a draft, file by file in name order: the first PROBLEM_CAP placed, the rest counted. */
export function draftProblems(texts: Readonly<Record<string, string>>, validators: Validators): FoundProblems {
  const problems = new ProblemList<DraftProblem>();
  for (const name of Object.keys(texts).sort()) addFileProblems(new TypedFile(name, texts[name]!), validators, problems);
  return problems;
}

/** The service's problems (it sends at most PROBLEM_CAP) placed in the text as typed, each file parsed once. */
export function serviceProblems(problems: readonly ManifestFileProblem[], texts: Readonly<Record<string, string>>): DraftProblem[] {
  const files = new Map<string, TypedFile>();
  return problems.map((p) => {
    let file = files.get(p.file);
    if (!file) files.set(p.file, (file = new TypedFile(p.file, texts[p.file] ?? '')));
    return file.place({ pointer: p.pointer, rule: p.rule, message: p.message, hint: p.hint }, 'service');
  });
}

/** The draft's files as JSON values, for the service; undefined while any file is not JSON. */
export function draftFiles(texts: Readonly<Record<string, string>>): ReleaseFiles | undefined {
  const files: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(texts)) {
    try {
      files[name] = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return files;
}
