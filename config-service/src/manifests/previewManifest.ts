import type { AuthClaim, PreviewChanges, PreviewView, ResolvedRoute, UserManifest } from '@platform/schemas';
import { buildUserManifest, customerInContext } from './buildUserManifest.ts';
import type { ManifestSet } from './loadManifestSet.ts';
import { decideModules, type ExposureContext } from './moduleExposure.ts';

export interface PreviewContext {
  environment: string;
  productName: string;
  /** The customer staff would act for; ignored for other roles, as the manifest route does. */
  requestedCustomerId: string | undefined;
  customerEnabled?: ExposureContext['customerEnabled'];
}

/** A stand-in person: a preview is about claims, and must not look like any real user's manifest. */
const PREVIEW_USER = { sub: 'preview', email: '', givenName: 'Preview', familyName: 'User' };

/**
 * The manifest the claims would receive from this set, built by the same code that serves users,
 * with the rule that let each module in or kept it out. Nothing is stored or sent to anyone.
 */
export function previewManifest(set: ManifestSet, auth: AuthClaim | undefined, context: PreviewContext): PreviewView {
  const manifest = buildUserManifest(set, { ...PREVIEW_USER, auth }, context);
  const decisions = decideModules(set, auth, context).map((d) => ({
    ...d,
    name: set.modules.get(d.key)?.name.replaceAll('{product}', context.productName) ?? d.key,
  }));
  return { version: set.version, customerId: customerInContext(auth, context.requestedCustomerId), decisions, manifest };
}

type Titled = { module: string; fullPath: string; title: string };

/** Every route address the user can reach, with its title, keyed by address. */
function reachable(manifest: UserManifest): Map<string, Titled> {
  const out = new Map<string, Titled>();
  const visit = (module: string, routes: readonly ResolvedRoute[]) => {
    for (const route of routes) {
      // Redirects and catch-alls are not places a user lands on; listing them would be noise.
      if (!route.redirectTo && !route.fullPath.endsWith('*')) out.set(route.fullPath, { module, fullPath: route.fullPath, title: route.title ?? '' });
      visit(module, route.children);
    }
  };
  for (const view of [manifest.shell, manifest.dash, ...manifest.modules]) visit(view.key, view.routes);
  return out;
}

/** What changes for the user going from one view to the other: modules, names, landing, routes. */
export function compareViews(from: PreviewView, to: PreviewView): PreviewChanges {
  const toDecisions = new Map(to.decisions.map((d) => [d.key, d]));
  const modules = from.decisions.flatMap((d) => {
    const other = toDecisions.get(d.key);
    return other && other.included !== d.included ? [{ key: d.key, from: d, to: other }] : [];
  });
  const toNames = new Map([to.manifest.shell, to.manifest.dash, ...to.manifest.modules].map((m) => [m.key, m.name]));
  const renamed = [from.manifest.shell, from.manifest.dash, ...from.manifest.modules].flatMap((m) => {
    const name = toNames.get(m.key);
    return name !== undefined && name !== m.name ? [{ key: m.key, from: m.name, to: name }] : [];
  });
  const landingFrom = from.manifest.landing?.path ?? null;
  const landingTo = to.manifest.landing?.path ?? null;
  const before = reachable(from.manifest);
  const after = reachable(to.manifest);
  return {
    modules,
    renamed,
    landing: landingFrom === landingTo ? null : { from: landingFrom, to: landingTo },
    routesAdded: [...after.values()].filter((r) => !before.has(r.fullPath)),
    routesRemoved: [...before.values()].filter((r) => !after.has(r.fullPath)),
    routesRetitled: [...after.values()].flatMap((r) => {
      const old = before.get(r.fullPath);
      return old && old.title !== r.title ? [{ module: r.module, fullPath: r.fullPath, from: old.title, to: r.title }] : [];
    }),
  };
}
