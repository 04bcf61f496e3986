import type { AuthClaim } from '@platform/schemas';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { decideModule } from '../manifests/moduleExposure.ts';
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

/** The bundle version a set serves a module's screens from; '' for the compiled-in screens. */
const servedVersion = (set: ManifestSet, key: string) => set.bundles?.get(key)?.view.version ?? '';

/** Whether the user could have opened the module's screens from this set's bundle version. */
function servedFrom(set: ManifestSet, event: ScreenEvent, context: ServedContext): boolean {
  if (!set.modules.has(event.moduleKey) || servedVersion(set, event.moduleKey) !== (event.bundleVersion ?? '')) return false;
  // The shell's and the dashboard's screens are everyone's; a module's only for whom its rules let in.
  if (!set.registry.includes(event.moduleKey)) return true;
  return decideModule(set, context.auth, event.moduleKey, { environment: context.environment, customerEnabled: context.customerEnabled }).included;
}

/**
 * The events of screens the user is served (decision 0096): a module their manifest has, from the bundle
 * version their release names. The rest are no screen they could have seen, a script's or a stale
 * page's, and are dropped: no report shifts figures of a module or a version the user does not have.
 */
export function servedEvents(events: readonly ScreenEvent[], context: ServedContext): { served: ScreenEvent[]; unserved: number } {
  const served = events.filter((event) => servedFrom(context.served, event, context) || servedFrom(context.active, event, context));
  return { served, unserved: events.length - served.length };
}
