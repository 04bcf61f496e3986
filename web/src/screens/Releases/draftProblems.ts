import type { ErrorObject } from 'ajv';
import { parse, parseTree, findNodeAtLocation, printParseErrorCode, type ParseError } from 'jsonc-parser';
import {
  escapePointerSegment,
  lineAndColumn,
  pointerPath,
  problemHint as hintFor,
  schemaProblems,
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

/**
 * Where a JSON pointer lands in the text as typed: the property (name and value) it names or, when
 * that is missing (a required property, say), the nearest object or array around it that exists.
 * The service's own line numbers count in the file as it reformats it, which may not be the text typed.
 */
export function locatePointer(text: string, pointer: string): { from: number; to: number } {
  const root = parseTree(text);
  if (!root) return { from: 0, to: Math.min(text.length, 1) };
  const path = pointerPath(pointer);
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (!node) continue;
    const property = node.parent?.type === 'property' ? node.parent : undefined;
    const container = node.type === 'object' || node.type === 'array';
    // A value is marked with its name; an object or array (a missing property is reported at its
    // object) only by its name or opening bracket, so one problem does not mark half the file.
    if (!container && depth === path.length) return { from: (property ?? node).offset, to: node.offset + node.length };
    const key = property?.children?.[0];
    return key ? { from: key.offset, to: key.offset + key.length } : { from: node.offset, to: node.offset + 1 };
  }
  return { from: 0, to: Math.min(text.length, 1) };
}

function located(
  file: string,
  text: string,
  problem: { pointer: string; rule: string; message: string; hint?: string },
  source: DraftProblem['source'],
  at = locatePointer(text, problem.pointer),
): DraftProblem {
  return { file, ...problem, hint: problem.hint ?? hintFor(problem.rule), ...lineAndColumn(text, at.from), ...at, source };
}

/** Every problem the browser can find in one file by itself: its JSON syntax, then its schema. */
export function fileProblems(file: string, text: string, validators: Validators): DraftProblem[] {
  const errors: ParseError[] = [];
  const value = parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false }) as unknown;
  if (errors.length) {
    return errors.map((e) =>
      located(
        file,
        text,
        {
          pointer: '',
          rule: 'json-syntax',
          message: `${SYNTAX[printParseErrorCode(e.error)] ?? printParseErrorCode(e.error)} at line ${lineAndColumn(text, e.offset).line}`,
        },
        'browser',
        { from: e.offset, to: e.offset + Math.max(e.length, 1) },
      ),
    );
  }
  const validate = file === REGISTRY_FILE ? validators.moduleRegistry : validators.moduleManifest;
  if (validate(value)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'if')
    .map((e) => {
      const problem = schemaProblems([e])[0]!;
      // The pointer names the object, as the service's does; the mark goes on the property not allowed.
      const at =
        e.keyword === 'additionalProperties'
          ? locatePointer(text, `${e.instancePath}/${escapePointerSegment(String(e.params.additionalProperty))}`)
          : undefined;
      return located(file, text, problem, 'browser', at ?? locatePointer(text, problem.pointer));
    });
}

/** Every problem the browser finds in a draft, file by file in name order. */
export function draftProblems(texts: Readonly<Record<string, string>>, validators: Validators): DraftProblem[] {
  return Object.keys(texts)
    .sort()
    .flatMap((file) => fileProblems(file, texts[file]!, validators));
}

/** The service's problems placed in the text as typed. */
export function serviceProblems(problems: readonly ManifestFileProblem[], texts: Readonly<Record<string, string>>): DraftProblem[] {
  return problems.map((p) => located(p.file, texts[p.file] ?? '', { pointer: p.pointer, rule: p.rule, message: p.message, hint: p.hint }, 'service'));
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
