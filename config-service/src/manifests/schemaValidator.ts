// Moved to validation/schemaValidator.ts; kept only for app.ts and bench/manifestGrowth.test.ts, which
// are edited elsewhere. Remove once they import from there.
export { ajv, coercingAjv } from '../validation/schemaValidator.ts';
