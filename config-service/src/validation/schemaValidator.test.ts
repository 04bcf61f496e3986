import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ajv, coercingAjv } from './schemaValidator.ts';

const schemasDir = new URL('../../../schemas/', import.meta.url);

describe('the shared Ajv instance', () => {
  it('knows every contract in schemas/, each compiling with its references resolved', () => {
    for (const file of readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json'))) {
      const { $id } = JSON.parse(readFileSync(new URL(file, schemasDir), 'utf8')) as { $id: string };
      expect({ file, compiled: typeof ajv.getSchema($id) }).toEqual({ file, compiled: 'function' });
    }
  });

  it('checks a body exactly, while the coercing one turns text into the number a schema names', () => {
    const schema = { type: 'object', properties: { limit: { type: 'integer' } } };
    expect(ajv.validate(schema, { limit: '5' })).toBe(false);
    const query = { limit: '5' };
    expect(coercingAjv.validate(schema, query)).toBe(true);
    expect(query.limit).toBe(5);
  });
});
