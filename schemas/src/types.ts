import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { Release } from './generated/types.ts';
import type { moduleManifestSchema } from './generated/module-manifest.ts';
import type { userClaimsSchema } from './generated/user-claims.ts';
import type { userManifestSchema } from './generated/user-manifest.ts';
import type { publicConfigSchema } from './generated/public-config.ts';
import type { adminModuleListSchema } from './generated/admin-module-list.ts';
import type { adminPreviewSchema } from './generated/admin-preview.ts';
import type { releaseDiffSchema } from './generated/release-diff.ts';
import type { managedUserSchema } from './generated/managed-user.ts';
import type { userInvitationSchema } from './generated/user-invitation.ts';

// Each schema's own type is generated (scripts/schemasToTs.mjs) into generated/types.ts and re-exported
// here. This file holds only what needs a hand: the recursive schemas, whose type the generator then leaves
// out, types of one `$defs` entry, and shapes put together from several.
export type * from './generated/types.ts';

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

/** The auth object as the platform reads it (normaliseAuthClaim's result): what every decision is taken from. */
export type AuthClaim = FromSchema<(typeof userClaimsSchema)['$defs']['authRead'], { references: [typeof userClaimsSchema] }>;
/** The auth object as a user pool writes it (decision 0047): unknown keys, nulls and upper-case ids allowed. */
export type AuthClaimAsWritten = FromSchema<(typeof userClaimsSchema)['$defs']['auth'], { references: [typeof userClaimsSchema] }>;

type UserManifestDefs = (typeof userManifestSchema)['$defs'];
type StandaloneResolvedRoute = FromSchema<WithoutProperty<UserManifestDefs['resolvedRoute'], 'children'>>;
/** A route of a user's manifest, resolved for that user. */
export type ResolvedRoute = StandaloneResolvedRoute & { children: ResolvedRoute[] };
/** A module as one user receives it. */
export type ModuleView = FromSchema<WithoutProperty<UserManifestDefs['moduleView'], 'routes'> & { $defs: UserManifestDefs }> & {
  routes: ResolvedRoute[];
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
/** One problem with a manifest file, with where it is and what to do. */
export type ManifestFileProblem = FromSchema<(typeof adminModuleListSchema)['$defs']['problem']>;

type PreviewDefs = (typeof adminPreviewSchema)['$defs'];
/** Whether one module is in a previewed manifest, and the rule that decided. */
export type PreviewDecision = FromSchema<PreviewDefs['decision'] & { $defs: PreviewDefs }>;
/** What one claims set (and customer, and version) would receive; the manifest is recursive, so it is added back. */
export type PreviewView = FromSchema<WithoutProperty<PreviewDefs['view'], 'manifest'> & { $defs: PreviewDefs }> & { manifest: UserManifest };
/** What changes from one previewed view to another. */
export type PreviewChanges = FromSchema<PreviewDefs['changes'] & { $defs: PreviewDefs }>;
/** POST /api/v1/admin/preview, the answer. */
export type AdminPreview = { view: PreviewView; comparison: { view: PreviewView; changes: PreviewChanges } | null };
/** A manifest set as files by name, as releases and drafts carry it. */
export type ReleaseFiles = Release['files'];
/** A module's exposure with absent rules spelled out. */
export type ExposureRules = FromSchema<(typeof releaseDiffSchema)['$defs']['exposure']>;
/** An uploaded build of a module's screens. */
export type Access = NonNullable<ManifestRoute['access']>;
export type { JSONSchema };
/** What an administrator sets for a user: name, claims and why. */
export type ManagedUserFields = FromSchema<(typeof managedUserSchema)['$defs']['fields'], { references: [typeof managedUserSchema, typeof userClaimsSchema] }>;
/** POST {userManagement}/users, the body. */
export type UserInvitation = ManagedUserFields & FromSchema<Omit<typeof userInvitationSchema, 'allOf' | 'unevaluatedProperties'>>;
/** PUT {userManagement}/users/{username}, the body. */
export type UserChange = ManagedUserFields;
