import { STAFF_ROLE, type AdminPreview, type AdminPreviewRequest, type AuthClaim, type PreviewChanges, type ReleaseFiles } from '@platform/schemas';

/** The "view as user" form: an authorisation claim as an administrator builds it up. */
export interface ClaimsForm {
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

export const emptyClaims: ClaimsForm = {
  hasClaim: true,
  role: 'customer',
  customerId: '',
  // Only read for staff, whose usual claim has no module list.
  allModules: true,
  modules: [],
  landingPageModuleKey: '',
  requireMFA: false,
};

export const isStaffClaims = (form: ClaimsForm) => form.hasClaim && form.role === STAFF_ROLE;

/** The claims and customer the preview API takes, as the token and X-Customer-Id would carry them. */
export function claimsToView(form: ClaimsForm): { claims: AuthClaim | null; customerId: string | null } {
  if (!form.hasClaim) return { claims: null, customerId: null };
  const staff = isStaffClaims(form);
  const claims: AuthClaim = { role: form.role.trim() };
  if (!staff && form.customerId) claims.customerId = form.customerId;
  if (!(staff && form.allModules)) claims.modules = [...form.modules];
  if (form.landingPageModuleKey) claims.landingPageModuleKey = form.landingPageModuleKey;
  if (form.requireMFA) claims.requireMFA = true;
  return { claims, customerId: staff && form.customerId ? form.customerId : null };
}

/** What to compare the claims' view with: nothing, an earlier manifest version, or claims pinned earlier. */
export type Comparison = { kind: 'none' } | { kind: 'version'; version: string } | { kind: 'pinned'; form: ClaimsForm };

/**
 * The request for a preview of the claims. When comparing, the other view goes first and these
 * second, so the changes read "from that version (or those claims) to these".
 */
export function previewRequest(form: ClaimsForm, comparison: Comparison, servedVersion: string): AdminPreviewRequest {
  const view = claimsToView(form);
  const own = { claims: view.claims, ...(view.customerId ? { customerId: view.customerId } : {}) };
  if (comparison.kind === 'none') return own;
  if (comparison.kind === 'version') return { ...own, version: comparison.version, compareWith: { version: servedVersion } };
  const pinned = claimsToView(comparison.form);
  return {
    claims: pinned.claims,
    ...(pinned.customerId ? { customerId: pinned.customerId } : {}),
    compareWith: { claims: view.claims, customerId: view.customerId },
  };
}

/** A short description of the claims, for labels: "customer at acme, 3 modules". */
export function describeClaims(form: ClaimsForm): string {
  if (!form.hasClaim) return 'a token without an authorisation claim';
  const modules = isStaffClaims(form) && form.allModules ? 'every module' : `${form.modules.length} module${form.modules.length === 1 ? '' : 's'}`;
  const customer = form.customerId ? ` ${isStaffClaims(form) ? 'acting for' : 'at'} ${form.customerId}` : '';
  return `${form.role || '(no role)'}${customer}, ${modules}`;
}

/**
 * The request for a preview of the claims against an unpublished manifest set (the release editor's
 * draft), optionally compared with the release the draft started from. The service builds the first
 * view from the draft; `fromBaseToDraft` turns the answer round.
 */
export function releaseDraftPreviewRequest(form: ClaimsForm, files: ReleaseFiles, compareWithBase: string | undefined): AdminPreviewRequest {
  const view = claimsToView(form);
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
