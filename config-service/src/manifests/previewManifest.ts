import {
  allRoutes,
  customerInContext,
  type AuthClaim,
  type PreviewChanges,
  type PreviewDecision,
  type PreviewView,
  type UserManifest,
} from '@platform/schemas';
import { buildUserManifest } from './buildUserManifest.ts';
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
  return { version: set.release, customerId: customerInContext(auth, context.requestedCustomerId), decisions, manifest };
}

type Titled = { module: string; fullPath: string; title: string };

/** Every route address the user can reach in the given modules, with its title, keyed by address. */
function reachable(manifest: UserManifest, modules: ReadonlySet<string>): Map<string, Titled> {
  const out = new Map<string, Titled>();
  for (const view of [manifest.shell, manifest.dash, ...manifest.modules]) {
    if (!modules.has(view.key)) continue;
    for (const route of allRoutes(view.routes)) {
      // Redirects and catch-alls are not places a user lands on; listing them would be noise.
      if (!route.redirectTo && !route.fullPath.endsWith('*')) out.set(route.fullPath, { module: view.key, fullPath: route.fullPath, title: route.title ?? '' });
    }
  }
  return out;
}

/** A module a view's manifest set does not register at all: out, and that is why. */
function unregistered(key: string, name: string): PreviewDecision {
  return { key, name, included: false, rule: 'registry', reason: `not in that version's registry` };
}

/**
 * What changes for the user going from one view to the other: modules gained or lost (also ones only
 * one version registers), names, landing, and pages of the modules both have; a module gained or lost
 * is one change, not one per page.
 */
export function compareViews(from: PreviewView, to: PreviewView): PreviewChanges {
  const fromDecisions = new Map(from.decisions.map((d) => [d.key, d]));
  const toDecisions = new Map(to.decisions.map((d) => [d.key, d]));
  const keys = [...new Set([...from.decisions.map((d) => d.key), ...to.decisions.map((d) => d.key)])];
  const modules = keys.flatMap((key) => {
    const before = fromDecisions.get(key) ?? unregistered(key, toDecisions.get(key)!.name);
    const after = toDecisions.get(key) ?? unregistered(key, before.name);
    return before.included !== after.included ? [{ key, from: before, to: after }] : [];
  });
  const toNames = new Map([to.manifest.shell, to.manifest.dash, ...to.manifest.modules].map((m) => [m.key, m.name]));
  const renamed = [from.manifest.shell, from.manifest.dash, ...from.manifest.modules].flatMap((m) => {
    const name = toNames.get(m.key);
    return name !== undefined && name !== m.name ? [{ key: m.key, from: m.name, to: name }] : [];
  });
  const landingFrom = from.manifest.landing?.path ?? null;
  const landingTo = to.manifest.landing?.path ?? null;
  const inBoth = new Set([from.manifest.shell, from.manifest.dash, ...from.manifest.modules].map((m) => m.key).filter((k) => toNames.has(k)));
  const before = reachable(from.manifest, inBoth);
  const after = reachable(to.manifest, inBoth);
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
