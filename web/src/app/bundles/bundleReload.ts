import type { ModuleView } from '@platform/schemas';

type Bundle = NonNullable<ModuleView['bundle']>;

/** Where a tab notes the bundles it reloaded for, for as long as the tab lives. */
const RELOADED_KEY = (bundle: Bundle) => `platform.bundleReload:${bundle.entry}#${bundle.integrity}`;

/**
 * - `current`: the page's import map holds the bundle's integrity; import it.
 * - `reloading`: it does not (the bundle was named by a release published after this page was
 *   served): the page is reloaded once, and is served with a map that holds it.
 * - `unknown`: it still does not after that reload. The bundle is not imported: a file the map gives
 *   no integrity for would load unchecked.
 */
export type BundleOnPage = 'current' | 'reloading' | 'unknown';

/**
 * Whether this page may import a bundle, reloading it once when its import map predates the bundle.
 * Once per tab per entry and integrity (sessionStorage), so a service that keeps serving a map
 * without the bundle can never make the tab reload in a loop.
 */
export function bundleOnPage(
  bundle: Bundle,
  page: { integrity: Readonly<Record<string, string>>; storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>; reload: () => void },
): BundleOnPage {
  const key = RELOADED_KEY(bundle);
  if (page.integrity[bundle.entry] === bundle.integrity) {
    // Served with it: a later release of the same bytes that misses a page again may reload again.
    page.storage.removeItem(key);
    return 'current';
  }
  if (page.storage.getItem(key) !== null) return 'unknown';
  page.storage.setItem(key, new Date().toISOString());
  page.reload();
  return 'reloading';
}
