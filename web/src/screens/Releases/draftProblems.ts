import type { ErrorObject } from 'ajv';
import { printParseErrorCode } from 'jsonc-parser';
import { addSchemaProblems, escapePointerSegment, ProblemList, TOO_DEEP_MESSAGE, type ManifestFileProblem } from '@platform/schemas';
import { syntaxMessage } from './syntaxMessages.ts';
import { TypedFile, type DraftProblem } from './typedFile.ts';

/** A compiled schema check, as Ajv makes them (at build time here: see web/build/manifestValidators.ts). */
export type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface Validators {
  moduleManifest: Validate;
  moduleRegistry: Validate;
}

const REGISTRY_FILE = 'registry.json';

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
      const message = syntaxMessage(printParseErrorCode(e.error), file.at(e.offset).line);
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
