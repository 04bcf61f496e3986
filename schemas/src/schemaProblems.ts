// What a schema's complaints say to whoever wrote the file: the service's publish check and the
// browser's draft check word them the same, so a problem reads alike wherever it is found.

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
