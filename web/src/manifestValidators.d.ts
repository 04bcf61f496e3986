// The schema checks web/build/manifestValidators.ts compiles at build time.
declare module 'virtual:manifest-validators' {
  import type { ValidateFunction } from 'ajv';

  export const moduleManifest: ValidateFunction;
  export const moduleRegistry: ValidateFunction;
}
