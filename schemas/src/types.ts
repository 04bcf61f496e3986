import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { moduleManifestSchema } from './generated/module-manifest.ts';
import type { moduleRegistrySchema } from './generated/module-registry.ts';
import type { userClaimsSchema } from './generated/user-claims.ts';
import type { userManifestSchema } from './generated/user-manifest.ts';
import type { publicConfigSchema } from './generated/public-config.ts';
import type { problemSchema } from './generated/problem.ts';
import type { customerListSchema } from './generated/customer-list.ts';
import type { customerModuleSchema } from './generated/customer-module.ts';
import type { customerSchema } from './generated/customer.ts';
import type { customerCreateSchema } from './generated/customer-create.ts';
import type { customerRenameSchema } from './generated/customer-rename.ts';
import type { unaddedCustomerListSchema } from './generated/unadded-customer-list.ts';
import type { customerModuleUpdateSchema } from './generated/customer-module-update.ts';
import type { moduleAuditPageSchema } from './generated/module-audit-page.ts';
import type { mainUserListSchema } from './generated/main-user-list.ts';
import type { artifactLinkSchema } from './generated/artifact-link.ts';
import type { flexcmAccessSchema } from './generated/flexcm-access.ts';
import type { siteGroupListSchema } from './generated/site-group-list.ts';
import type { uploadListSchema } from './generated/upload-list.ts';
import type { notificationListSchema } from './generated/notification-list.ts';
import type { messagingEndpointSchema } from './generated/messaging-endpoint.ts';
import type { messagingEndpointListSchema } from './generated/messaging-endpoint-list.ts';
import type { adminModuleListSchema } from './generated/admin-module-list.ts';
import type { adminPreviewRequestSchema } from './generated/admin-preview-request.ts';
import type { adminPreviewSchema } from './generated/admin-preview.ts';
import type { releaseSummarySchema } from './generated/release-summary.ts';
import type { releaseStateSchema } from './generated/release-state.ts';
import type { releaseListSchema } from './generated/release-list.ts';
import type { releaseSchema } from './generated/release.ts';
import type { releaseCreateSchema } from './generated/release-create.ts';
import type { releaseStepSchema } from './generated/release-step.ts';
import type { releasePilotSchema } from './generated/release-pilot.ts';
import type { releaseAuditPageSchema } from './generated/release-audit-page.ts';
import type { releaseDiffSchema } from './generated/release-diff.ts';
import type { moduleBundleSchema } from './generated/module-bundle.ts';
import type { moduleBundleListSchema } from './generated/module-bundle-list.ts';
import type { managedUserSchema } from './generated/managed-user.ts';
import type { managedUserListSchema } from './generated/managed-user-list.ts';
import type { userInvitationSchema } from './generated/user-invitation.ts';
import type { userStepSchema } from './generated/user-step.ts';
import type { userAuditPageSchema } from './generated/user-audit-page.ts';

/**
 * The schema with `key` taken out of `properties`. json-schema-to-ts cannot follow a
 * schema that refers to itself, so recursive fields are removed here and added back as
 * a recursive TypeScript type: the shape still comes from the schema alone.
 */
type WithoutProperty<S, K extends string> = S extends { properties: infer P }
  ? Omit<S, 'properties' | 'required' | '$defs'> & {
      properties: Omit<P, K>;
      required: S extends { required: infer R extends readonly string[] } ? ExcludeNames<R, K> : [];
    }
  : never;

/** A tuple of names without the names in K, in order. */
type ExcludeNames<T extends readonly string[], K extends string> = T extends readonly [infer H extends string, ...infer R extends readonly string[]]
  ? H extends K
    ? ExcludeNames<R, K>
    : [H, ...ExcludeNames<R, K>]
  : [];

type StandaloneRoute = FromSchema<
  WithoutProperty<(typeof moduleManifestSchema)['$defs']['route'], 'children'> & {
    $defs: (typeof moduleManifestSchema)['$defs'];
  }
>;
/** A route as administrators write it in route-manifests/. */
export type ManifestRoute = StandaloneRoute & { children?: ManifestRoute[] };

/** One file of route-manifests/. */
export type ModuleManifest = FromSchema<WithoutProperty<typeof moduleManifestSchema, 'routes'>> & {
  routes: ManifestRoute[];
};

export type ModuleRegistry = FromSchema<typeof moduleRegistrySchema>;
export type UserClaims = FromSchema<typeof userClaimsSchema>;
/** The auth object as the platform reads it (normaliseAuthClaim's result): what every decision is taken from. */
export type AuthClaim = FromSchema<(typeof userClaimsSchema)['$defs']['authRead'], { references: [typeof userClaimsSchema] }>;
/** The auth object as a user pool writes it (decision 0047): unknown keys, nulls and upper-case ids allowed. */
export type AuthClaimAsWritten = FromSchema<(typeof userClaimsSchema)['$defs']['auth'], { references: [typeof userClaimsSchema] }>;

type UserManifestDefs = (typeof userManifestSchema)['$defs'];
type StandaloneResolvedRoute = FromSchema<WithoutProperty<UserManifestDefs['resolvedRoute'], 'children'>>;
/** A route of a user's manifest, resolved for that user. */
export type ResolvedRoute = StandaloneResolvedRoute & { children: ResolvedRoute[] };
/** A module as one user receives it. */
export type ModuleView = FromSchema<WithoutProperty<UserManifestDefs['moduleView'], 'routes' | 'bundle'>> & {
  routes: ResolvedRoute[];
  bundle?: FromSchema<UserManifestDefs['moduleBundle']>;
};
/** GET /api/v1/manifest. */
export type UserManifest = FromSchema<WithoutProperty<typeof userManifestSchema, 'shell' | 'dash' | 'modules'>> & {
  shell: ModuleView;
  dash: ModuleView;
  modules: ModuleView[];
};
/** GET /api/v1/config. */
export type PublicConfig = FromSchema<WithoutProperty<typeof publicConfigSchema, 'shell'>> & {
  shell: ModuleView;
};
/** RFC 9457 problem details with the platform's error code. */
export type Problem = FromSchema<typeof problemSchema, { references: [typeof adminModuleListSchema] }>;
/** GET /api/v1/customers. */
export type CustomerList = FromSchema<typeof customerListSchema, { references: [typeof customerModuleSchema, typeof userClaimsSchema] }>;
/** GET /api/v1/customers/{customerId}, and the answer to adding or renaming a customer. */
export type Customer = FromSchema<typeof customerSchema, { references: [typeof customerModuleSchema, typeof userClaimsSchema] }>;
/** POST /api/v1/customers, the body. */
export type CustomerCreate = FromSchema<typeof customerCreateSchema, { references: [typeof userClaimsSchema] }>;
/** PATCH /api/v1/customers/{customerId}, the body. */
export type CustomerRename = FromSchema<typeof customerRenameSchema>;
/** GET /api/v1/unadded-customers. */
export type UnaddedCustomerList = FromSchema<typeof unaddedCustomerListSchema, { references: [typeof userClaimsSchema] }>;
/** GET /api/v1/customers/{customerId}/modules/{moduleKey}. */
export type CustomerModule = FromSchema<typeof customerModuleSchema>;
/** PUT /api/v1/customers/{customerId}/modules/{moduleKey}, the body. */
export type CustomerModuleUpdate = FromSchema<typeof customerModuleUpdateSchema>;
/** GET /api/v1/customers/{customerId}/audit. */
export type ModuleAuditPage = FromSchema<typeof moduleAuditPageSchema>;
/** GET /api/v1/admin/modules. */
export type AdminModuleList = FromSchema<typeof adminModuleListSchema>;
/** One problem with a manifest file, with where it is and what to do. */
export type ManifestFileProblem = FromSchema<(typeof adminModuleListSchema)['$defs']['problem']>;
/** POST /api/v1/admin/preview, the request. */
export type AdminPreviewRequest = FromSchema<typeof adminPreviewRequestSchema, { references: [typeof userClaimsSchema, typeof releaseSchema] }>;

type PreviewDefs = (typeof adminPreviewSchema)['$defs'];
/** Whether one module is in a previewed manifest, and the rule that decided. */
export type PreviewDecision = FromSchema<PreviewDefs['decision'] & { $defs: PreviewDefs }>;
/** What one claims set (and customer, and version) would receive; the manifest is recursive, so it is added back. */
export type PreviewView = FromSchema<WithoutProperty<PreviewDefs['view'], 'manifest'> & { $defs: PreviewDefs }> & { manifest: UserManifest };
/** What changes from one previewed view to another. */
export type PreviewChanges = FromSchema<PreviewDefs['changes'] & { $defs: PreviewDefs }>;
/** POST /api/v1/admin/preview, the answer. */
export type AdminPreview = { view: PreviewView; comparison: { view: PreviewView; changes: PreviewChanges } | null };
/** GET /api/main/customers/{customerId}/users and GET /api/main/users. */
export type MainUserList = FromSchema<typeof mainUserListSchema>;
/** GET /api/main/customers/{customerId}/users/download-artifact/{artifact}. */
export type ArtifactLink = FromSchema<typeof artifactLinkSchema>;
/** GET /api/main/customers/flexcmaccess/{customerId}. */
export type FlexcmAccess = FromSchema<typeof flexcmAccessSchema, { references: [typeof userClaimsSchema] }>;
/** GET /api/main/customers/{customerId}/sitegroups. */
export type SiteGroupList = FromSchema<typeof siteGroupListSchema>;
/** GET /api/main/customers/{customerId}/uploads. */
export type UploadList = FromSchema<typeof uploadListSchema>;
/** GET /api/main/customers/{customerId}/notifications. */
export type NotificationList = FromSchema<typeof notificationListSchema>;
/** POST /api/v1/messaging/endpoints, the body. */
export type MessagingEndpoint = FromSchema<typeof messagingEndpointSchema>;
/** GET /api/v1/admin/messaging/endpoints. */
export type MessagingEndpointList = FromSchema<typeof messagingEndpointListSchema, { references: [typeof messagingEndpointSchema] }>;
/** A release as listed: id, author, time, reason, parent. */
export type ReleaseSummary = FromSchema<typeof releaseSummarySchema, { references: [typeof releaseSummarySchema] }>;
/** The release every user gets and the pilot, if any. */
export type ReleaseState = FromSchema<typeof releaseStateSchema, { references: [typeof releaseSummarySchema] }>;
/** GET /api/v1/admin/releases. */
export type ReleaseList = FromSchema<typeof releaseListSchema, { references: [typeof releaseSummarySchema, typeof releaseStateSchema] }>;
/** GET /api/v1/admin/releases/{id}: a release with its files and validation report. */
export type Release = FromSchema<typeof releaseSchema, { references: [typeof releaseSummarySchema] }>;
/** A manifest set as files by name, as releases and drafts carry it. */
export type ReleaseFiles = Release['files'];
/** POST /api/v1/admin/releases, the body. */
export type ReleaseCreate = FromSchema<typeof releaseCreateSchema, { references: [typeof releaseSchema, typeof releaseSummarySchema] }>;
/** PUT /api/v1/admin/releases/active, DELETE /api/v1/admin/releases/pilot, POST …/pilot/promote: the body. */
export type ReleaseStep = FromSchema<typeof releaseStepSchema, { references: [typeof releaseSummarySchema, typeof releaseCreateSchema] }>;
/** PUT /api/v1/admin/releases/pilot, the body. */
export type ReleasePilot = FromSchema<
  typeof releasePilotSchema,
  { references: [typeof releaseSummarySchema, typeof releaseCreateSchema, typeof userClaimsSchema] }
>;
/** GET /api/v1/admin/releases/audit. */
export type ReleaseAuditPage = FromSchema<typeof releaseAuditPageSchema, { references: [typeof releaseSummarySchema] }>;
/** GET /api/v1/admin/releases/{id}/diff. */
export type ReleaseDiff = FromSchema<typeof releaseDiffSchema, { references: [typeof adminPreviewSchema] }>;
/** A module's exposure with absent rules spelled out. */
export type ExposureRules = FromSchema<(typeof releaseDiffSchema)['$defs']['exposure']>;
/** An uploaded build of a module's screens. */
export type ModuleBundle = FromSchema<typeof moduleBundleSchema>;
export type ModuleBundleList = FromSchema<typeof moduleBundleListSchema, { references: [typeof moduleBundleSchema] }>;
export type Access = NonNullable<ManifestRoute['access']>;
export type { JSONSchema };
/** One user as the user-management API shows it. */
export type ManagedUser = FromSchema<typeof managedUserSchema>;
/** GET {userManagement}/users. */
export type ManagedUserList = FromSchema<typeof managedUserListSchema, { references: [typeof managedUserSchema] }>;
/** What an administrator sets for a user: name, claims and why. */
export type ManagedUserFields = FromSchema<(typeof managedUserSchema)['$defs']['fields'], { references: [typeof managedUserSchema, typeof userClaimsSchema] }>;
/** POST {userManagement}/users, the body. */
export type UserInvitation = ManagedUserFields & FromSchema<Omit<typeof userInvitationSchema, 'allOf' | 'unevaluatedProperties'>>;
/** PUT {userManagement}/users/{username}, the body. */
export type UserChange = ManagedUserFields;
/** POST {userManagement}/users/{username}/disable and the other steps, the body. */
export type UserStep = FromSchema<typeof userStepSchema, { references: [typeof managedUserSchema] }>;
/** GET {userManagement}/audit. */
export type UserAuditPage = FromSchema<typeof userAuditPageSchema>;
