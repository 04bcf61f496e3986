// What a schema's complaints say to whoever wrote the file: the service's publish check and the
// browser's draft check word them the same, so a problem reads alike wherever it is found.

import type { ProblemList } from './problemList.ts';

/** The parts of an Ajv error this reads (Ajv's ErrorObject has them all). */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

export interface SchemaProblem {
  pointer: string;
  rule: `schema:${string}`;
  message: string;
}

function detail(error: SchemaError): string {
  if (error.keyword === 'additionalProperties') return ` ('${String(error.params.additionalProperty)}')`;
  if (error.keyword === 'enum') return ` (${(error.params.allowedValues as unknown[]).join(', ')})`;
  return '';
}

/** The schema's complaints as problems; `if` is left out, since the keyword that failed inside its branch says more. */
export function schemaProblems(errors: readonly SchemaError[]): SchemaProblem[] {
  return errors
    .filter((e) => e.keyword !== 'if')
    .map((e) => ({ pointer: e.instancePath, rule: `schema:${e.keyword}` as const, message: `${e.message ?? 'is invalid'}${detail(e)}` }));
}

/**
 * Adds a file's schema complaints to a check's problems: as problems (built by `build`, which also sees
 * the complaint) while the list has room, and only counted past its cap, so a file with thousands of
 * complaints costs a hundred problems (issue 26). `if` is left out here too.
 */
export function addSchemaProblems<P extends { file: string }>(
  file: string,
  errors: readonly SchemaError[],
  problems: ProblemList<P>,
  build: (problem: SchemaProblem, error: SchemaError) => P,
): void {
  let i = 0;
  for (; i < errors.length && !problems.full; i += 1) {
    const error = errors[i]!;
    for (const problem of schemaProblems([error])) problems.add(build(problem, error));
  }
  let rest = 0;
  for (; i < errors.length; i += 1) if (errors[i]!.keyword !== 'if') rest += 1;
  problems.count(file, rest);
}
