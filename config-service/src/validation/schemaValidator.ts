import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { allSchemas } from '@platform/schemas';

/** Strict, every error reported: how bodies and contracts are validated. */
const STRICT = { allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true } as const;

/** An Ajv as strict as `ajv` that knows every contract and `schemas` besides: another team's contracts, for its stand-in only. */
export function ajvWith(schemas: readonly object[]): Ajv2020 {
  const own = new Ajv2020(STRICT);
  for (const schema of [...allSchemas, ...schemas]) own.addSchema(schema);
  return own;
}

/** One Ajv instance that knows every contract, so cross-file `$ref`s resolve. */
export const ajv = ajvWith([]);

/** For query strings, path parameters and headers, which arrive as text; a property left out takes its schema's `default` (a page's size). */
export const coercingAjv = new Ajv2020({ ...STRICT, coerceTypes: true, useDefaults: true });
addFormats.default(coercingAjv, ['date-time']);
