import { STAFF_ROLE, type AdminPreview, type AdminPreviewRequest, type AuthClaim, type PreviewChanges, type ReleaseFiles } from '@platform/schemas';

/** The "view as user" form: an authorisation claim as an administrator builds it up. */
export interface ClaimsDraft {
  /** False: preview a token that carries no authorisation claim at all. */
  hasClaim: boolean;
  role: string;
  /** Staff: the customer they act for; anyone else: their own customer. '' for none. */
  customerId: string;
  /** Staff only: no module list, which means every module. */
  allModules: boolean;
  modules: string[];
  landingPageModuleKey: string;
  requireMFA: boolean;
}

export const emptyDraft: ClaimsDraft = {
  hasClaim: true,
  role: 'customer',
  customerId: '',
  // Only read for staff, whose usual claim has no module list.
  allModules: true,
  modules: [],
  landingPageModuleKey: '',
  requireMFA: false,
};

export const isStaffDraft = (draft: ClaimsDraft) => draft.hasClaim && draft.role === STAFF_ROLE;

/** The claims and customer the preview API takes, as the token and X-Customer-Id would carry them. */
export function draftToView(draft: ClaimsDraft): { claims: AuthClaim | null; customerId: string | null } {
  if (!draft.hasClaim) return { claims: null, customerId: null };
  const staff = isStaffDraft(draft);
  const claims: AuthClaim = { role: draft.role.trim() };
  if (!staff && draft.customerId) claims.customerId = draft.customerId;
  if (!(staff && draft.allModules)) claims.modules = [...draft.modules];
  if (draft.landingPageModuleKey) claims.landingPageModuleKey = draft.landingPageModuleKey;
  if (draft.requireMFA) claims.requireMFA = true;
  return { claims, customerId: staff && draft.customerId ? draft.customerId : null };
}

/** What to compare the draft's view with: nothing, an earlier manifest version, or claims pinned earlier. */
export type Comparison = { kind: 'none' } | { kind: 'version'; version: string } | { kind: 'pinned'; draft: ClaimsDraft };

/**
 * The request for a preview of the draft. When comparing, the other view goes first and the draft
 * second, so the changes read "from that version (or those claims) to these".
 */
export function previewRequest(draft: ClaimsDraft, comparison: Comparison, servedVersion: string): AdminPreviewRequest {
  const view = draftToView(draft);
  const own = { claims: view.claims, ...(view.customerId ? { customerId: view.customerId } : {}) };
  if (comparison.kind === 'none') return own;
  if (comparison.kind === 'version') return { ...own, version: comparison.version, compareWith: { version: servedVersion } };
  const pinned = draftToView(comparison.draft);
  return {
    claims: pinned.claims,
    ...(pinned.customerId ? { customerId: pinned.customerId } : {}),
    compareWith: { claims: view.claims, customerId: view.customerId },
  };
}

/** A short description of a draft, for labels: "customer at acme, 3 modules". */
export function describeDraft(draft: ClaimsDraft): string {
  if (!draft.hasClaim) return 'a token without an authorisation claim';
  const modules = isStaffDraft(draft) && draft.allModules ? 'every module' : `${draft.modules.length} module${draft.modules.length === 1 ? '' : 's'}`;
  const customer = draft.customerId ? ` ${isStaffDraft(draft) ? 'acting for' : 'at'} ${draft.customerId}` : '';
  return `${draft.role || '(no role)'}${customer}, ${modules}`;
}

/**
 * The request for a preview of the claims against an unpublished manifest set (the release editor's
 * draft), optionally compared with the release the draft started from. The service builds the first
 * view from the draft; `fromBaseToDraft` turns the answer round.
 */
export function draftPreviewRequest(draft: ClaimsDraft, files: ReleaseFiles, compareWithBase: string | undefined): AdminPreviewRequest {
  const view = draftToView(draft);
  return {
    claims: view.claims,
    ...(view.customerId ? { customerId: view.customerId } : {}),
    draft: { files },
    ...(compareWithBase ? { compareWith: { version: compareWithBase } } : {}),
  };
}

/** The same changes read the other way round. */
export function reversedChanges(changes: PreviewChanges): PreviewChanges {
  return {
    modules: changes.modules.map((m) => ({ key: m.key, from: m.to, to: m.from })),
    renamed: changes.renamed.map((r) => ({ key: r.key, from: r.to, to: r.from })),
    landing: changes.landing && { from: changes.landing.to, to: changes.landing.from },
    routesAdded: changes.routesRemoved,
    routesRemoved: changes.routesAdded,
    routesRetitled: changes.routesRetitled.map((r) => ({ ...r, from: r.to, to: r.from })),
  };
}

/** A draft preview's answer as the result panel reads a comparison: from the base release to the draft. */
export function fromBaseToDraft(answer: AdminPreview): AdminPreview {
  if (!answer.comparison) return answer;
  return { view: answer.comparison.view, comparison: { view: answer.view, changes: reversedChanges(answer.comparison.changes) } };
}
