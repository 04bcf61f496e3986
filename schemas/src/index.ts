// Every schema's `as const` copy and allSchemas, generated from the schema folder (scripts/schemas-to-ts.mjs).
export * from './generated/index.ts';
export type * from './types.ts';
export { substituteParams, joinPaths, paramNames } from './paths.ts';
export { MANIFEST_RULE_HINTS, problemHint, type ManifestRule } from './problemHints.ts';
export { STAFF_ROLE, KNOWN_ROLES } from './roles.ts';
export { customerInContext, lacksCustomer, type CustomerClaim } from './customerInContext.ts';
export { messagingCompanyId, PROVIDER_COMPANY_ID, UNKNOWN_COMPANY_ID } from './messagingCompanyId.ts';
export { DEMO_OR_LOCAL_ENVIRONMENTS, KNOWN_ENVIRONMENTS, isDemoOrLocal } from './environments.ts';
export { RESERVED_PATH_PREFIXES, reservedPrefixOf } from './reservedPaths.ts';
export { customerIdSchema, CUSTOMER_ID_PATTERN, isCustomerId } from './customerId.ts';
export { releaseIdSchema, RELEASE_ID_PATTERN, RELEASE_ID_DIGITS, LEGACY_RELEASE_ID_DIGITS, isReleaseId } from './releaseId.ts';
export { AWS_REGION_PATTERN, isAwsRegion } from './awsRegion.ts';
export { escapePointerSegment, unescapePointerSegment, pointerPath, lineAndColumn, lineLocator, nodeLocator, type JsonTreeNode } from './jsonPointer.ts';
export { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, depthExceededAt, nestsDeeperThan } from './jsonDepth.ts';
export { PROBLEM_CAP, ProblemList } from './problemList.ts';
export { noticeable } from './noticeable.ts';
export { addSchemaProblems, schemaProblems, type SchemaError, type SchemaProblem } from './schemaProblems.ts';
export { claimedCustomerId, normaliseAuthClaim } from './authClaim.ts';
