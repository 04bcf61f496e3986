import type { AuthClaim } from '@platform/schemas';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { decideModules } from '../manifests/moduleExposure.ts';
import type { ScreenEvent } from './screenReportBuffer.ts';

export interface ServedContext {
  /** The set the user's customer is served now (the pilot's for its customers). */
  served: ManifestSet;
  /** The active release's set: a page loaded before a pilot started or ended still shows its screens. */
  active: ManifestSet;
  auth: AuthClaim | undefined;
  environment: string;
  /** The customer's module switches, where they apply. */
  customerEnabled?: (key: string) => boolean | undefined;
}

/**
 * The screens a set serves the user, by module key, each with the bundle version it comes from ('' for the
 * compiled-in screens): the shell's and the dashboard's are everyone's, a module's only for whom the
 * manifest's rules let in. Decided once for the whole registry, as the manifest is, not once an event.
 */
function servedScreens(set: ManifestSet, context: ServedContext): Map<string, string> {
  const version = (key: string) => set.bundles?.get(key)?.view.version ?? '';
  const screens = new Map<string, string>();
  const registered = new Set(set.registry);
  for (const key of set.modules.keys()) if (!registered.has(key)) screens.set(key, version(key));
  for (const decision of decideModules(set, context.auth, { environment: context.environment, customerEnabled: context.customerEnabled }))
    if (decision.included) screens.set(decision.key, version(decision.key));
  return screens;
}

/**
 * The events of screens the user is served (decision 0096): a module their manifest has, from the bundle
 * version their release names. The rest are no screen they could have seen, a script's or a stale
 * page's, and are dropped: no report shifts figures of a module or a version the user does not have.
 */
export function servedEvents(events: readonly ScreenEvent[], context: ServedContext): { served: ScreenEvent[]; unserved: number } {
  const sets = context.served === context.active ? [context.served] : [context.served, context.active];
  const screens = sets.map((set) => servedScreens(set, context));
  const served = events.filter((event) => screens.some((s) => s.get(event.moduleKey) === (event.bundleVersion ?? '')));
  return { served, unserved: events.length - served.length };
}
