import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { allSchemas } from '@platform/schemas';

/** One Ajv instance that knows every contract, so cross-file `$ref`s resolve. */
export const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
for (const schema of allSchemas) ajv.addSchema(schema);

/** For query strings, path parameters and headers, which arrive as text; a property left out takes its schema's `default` (a page's size). */
export const coercingAjv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, coerceTypes: true, useDefaults: true });
addFormats.default(coercingAjv, ['date-time']);
