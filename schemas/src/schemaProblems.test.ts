import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { schemaProblems } from './schemaProblems.ts';

const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile({
  type: 'object',
  properties: { kind: { enum: ['screen', 'redirect'] }, to: { type: 'string' } },
  additionalProperties: false,
  if: { properties: { kind: { const: 'redirect' } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
  then: { required: ['to'] },
});

function problemsOf(value: unknown) {
  validate(value);
  return schemaProblems(validate.errors ?? []);
}

describe('schemaProblems', () => {
  it('names the property that is not allowed, and the values an enum takes', () => {
    expect(problemsOf({ kind: 'page', extra: 1 })).toEqual([
      { pointer: '', rule: 'schema:additionalProperties', message: "must NOT have additional properties ('extra')" },
      { pointer: '/kind', rule: 'schema:enum', message: 'must be equal to one of the allowed values (screen, redirect)' },
    ]);
  });

  it('reports what failed inside an if/then, not the if itself', () => {
    expect(problemsOf({ kind: 'redirect' })).toEqual([{ pointer: '', rule: 'schema:required', message: "must have required property 'to'" }]);
  });
});
