export { moduleManifestSchema } from './generated/module-manifest.ts';
export { moduleRegistrySchema } from './generated/module-registry.ts';
export { userClaimsSchema } from './generated/user-claims.ts';
export { userManifestSchema } from './generated/user-manifest.ts';
export { publicConfigSchema } from './generated/public-config.ts';
export { problemSchema } from './generated/problem.ts';
export { customerListSchema } from './generated/customer-list.ts';
export type * from './types.ts';
export { substituteParams, joinPaths, paramNames } from './paths.ts';
