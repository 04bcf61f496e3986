import { customerInContext, type AuthClaim, type ModuleView, type UserManifest } from '@platform/schemas';
import type { ManifestSet } from './loadManifestSet.ts';
import { resolveModule } from './resolveModule.ts';
import type { VerifiedUser } from '../claims/verifiedUser.ts';
import { PlatformError } from '../errors.ts';
import { decideModules, type ExposureContext } from './moduleExposure.ts';

export interface BuildOptions {
  environment: string;
  productName: string;
  /** The customer staff chose (X-Customer-Id); ignored for everyone else. */
  requestedCustomerId: string | undefined;
  /** The customer's module switches, when a customer is in context. */
  customerEnabled?: ExposureContext['customerEnabled'];
  /** Called when no landing module can be determined (spec section 8: logged). */
  onNoLanding?: (user: VerifiedUser) => void;
}

/**
 * The landing module: the explicit landingPageModuleKey when the user may open it, else the first
 * permitted module. An explicit key the user may not open is passed over, because sending them
 * there would bounce them back to '/' for ever.
 */
function landingModule(auth: AuthClaim | undefined, permitted: readonly string[]): string | null {
  const explicit = auth?.landingPageModuleKey;
  if (explicit && permitted.includes(explicit)) return explicit;
  return permitted[0] ?? null;
}

/** Resolved module views are the same for everyone of one role within one manifest set version. */
const viewCache = new WeakMap<ManifestSet, Map<string, Map<string, ModuleView>>>();

/**
 * Roles whose views are kept per set. Real tokens carry a handful; a staff preview may name any role,
 * and without a bound each made-up one would keep a copy of every module's views for as long as the set.
 */
const ROLES_KEPT = 32;

/** The module's routes as a user of this role sees them, resolved once per set, role and product name. */
export function viewFor(set: ManifestSet, key: string, role: string | null, productName: string): ModuleView {
  let byRole = viewCache.get(set);
  if (!byRole) viewCache.set(set, (byRole = new Map()));
  const roleKey = `${role ?? ''}\0${productName}`;
  let views = byRole.get(roleKey);
  if (!views) {
    byRole.set(roleKey, (views = new Map()));
    if (byRole.size > ROLES_KEPT) byRole.delete(byRole.keys().next().value!);
  }
  let view = views.get(key);
  if (!view) {
    const manifest = set.modules.get(key);
    // A loaded set has a manifest for every registered key; one without is a fault of the service, not the request.
    if (!manifest) throw new PlatformError('CFG_ERR_INTERNAL', `manifest set has no module '${key}'`);
    view = resolveModule(manifest, { role, productName });
    const bundle = set.bundles?.get(key);
    if (bundle) view.bundle = bundle.view;
    views.set(key, view);
  }
  return view;
}

/** Builds the manifest one verified user receives (spec sections 4 and 6). */
export function buildUserManifest(set: ManifestSet, user: VerifiedUser, options: BuildOptions): UserManifest {
  const role = user.auth?.role ?? null;
  const decisions = decideModules(set, user.auth, { environment: options.environment, customerEnabled: options.customerEnabled });
  const permitted = decisions.filter((d) => d.included).map((d) => d.key);
  const permittedKeys = new Set(permitted);
  const landingKey = landingModule(user.auth, permitted);
  const modules = permitted.map((key) => viewFor(set, key, role, options.productName));
  const landingView = modules.find((m) => m.key === landingKey);
  if (!landingView) options.onNoLanding?.(user);
  return {
    version: set.release,
    environment: options.environment,
    customerId: customerInContext(user.auth, options.requestedCustomerId),
    landing: landingView ? { module: landingView.key, path: landingView.landingPath } : null,
    requireMFA: user.auth?.requireMFA ?? false,
    mfaPending: false,
    user: { sub: user.sub, role, givenName: user.givenName, familyName: user.familyName, email: user.email, meta: user.meta ?? {} },
    shell: viewFor(set, 'shell', role, options.productName),
    dash: viewFor(set, 'dash', role, options.productName),
    modules,
    // A set, not permitted.includes: with a thousand modules the list would be searched a thousand times.
    unavailable: set.registry
      .filter((key) => !permittedKeys.has(key))
      .map((key) => ({ key, name: viewFor(set, key, role, options.productName).name, baseUrl: set.modules.get(key)?.baseUrl ?? `/${key}` })),
  };
}
