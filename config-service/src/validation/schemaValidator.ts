import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  mainUserListSchema,
  artifactLinkSchema,
  flexcmAccessSchema,
  siteGroupListSchema,
  uploadListSchema,
  notificationListSchema,
  messagingEndpointSchema,
  messagingEndpointListSchema,
  customerModuleSchema,
  customerModuleUpdateSchema,
  moduleAuditPageSchema,
  adminModuleListSchema,
  adminPreviewRequestSchema,
  adminPreviewSchema,
  customerListSchema,
  moduleManifestSchema,
  moduleRegistrySchema,
  problemSchema,
  publicConfigSchema,
  userClaimsSchema,
  userManifestSchema,
  releaseSummarySchema,
  releaseStateSchema,
  releaseListSchema,
  releaseSchema,
  releaseCreateSchema,
  releaseStepSchema,
  releasePilotSchema,
  releaseAuditPageSchema,
  releaseDiffSchema,
} from '@platform/schemas';

/** One Ajv instance that knows every contract, so cross-file `$ref`s resolve. */
export const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
for (const schema of [
  mainUserListSchema,
  artifactLinkSchema,
  flexcmAccessSchema,
  siteGroupListSchema,
  uploadListSchema,
  notificationListSchema,
  messagingEndpointSchema,
  messagingEndpointListSchema,
  customerModuleSchema,
  customerModuleUpdateSchema,
  moduleAuditPageSchema,
  moduleManifestSchema,
  moduleRegistrySchema,
  userClaimsSchema,
  userManifestSchema,
  publicConfigSchema,
  problemSchema,
  customerListSchema,
  adminModuleListSchema,
  adminPreviewRequestSchema,
  adminPreviewSchema,
  releaseSummarySchema,
  releaseStateSchema,
  releaseListSchema,
  releaseSchema,
  releaseCreateSchema,
  releaseStepSchema,
  releasePilotSchema,
  releaseAuditPageSchema,
  releaseDiffSchema,
]) {
  ajv.addSchema(schema);
}

/** For query strings, path parameters and headers, which arrive as text. */
export const coercingAjv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, coerceTypes: true });
addFormats.default(coercingAjv, ['date-time']);
