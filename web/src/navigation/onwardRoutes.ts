import { allRoutes, defaultChild, type ModuleView, type ResolvedRoute } from '@platform/schemas';

/**
 * Whether the module's section navigation or its parent's tabs link to a route: they link to every
 * route whose own path has no parameter, since they cannot make one up. Every other route is opened
 * from a screen, through `onwardRoutes`.
 */
export const hasOwnParam = (route: ResolvedRoute) => route.path.includes(':');

const segments = (path: string) => path.split('/').filter(Boolean);
/** A route that shows a screen of its own: titled, not a redirect, not the catch-all. */
export const isScreen = (r: ResolvedRoute) => r.redirectTo === undefined && r.title !== undefined && r.path !== '*';

/** Whether `prefix`'s segments start `path`'s, with more after them (parameter names compared as written). */
function strictlyUnder(path: string[], prefix: string[]): boolean {
  return prefix.length < path.length && prefix.every((s, i) => s === path[i]);
}

/** What a route shows at its own address: itself, or down its default children to a screen. */
export function shownAt(route: ResolvedRoute): ResolvedRoute | undefined {
  if (!isScreen(route)) return undefined;
  if (!route.children.length) return route;
  const child = defaultChild(route);
  return child && shownAt(child);
}

/**
 * The screen each route with a parameter of its own is opened from: the deepest screen whose address
 * its own starts with (a job from the list of jobs, a site's asset from the site). A route with no such
 * screen above it (an address beside the module's sections) is opened from the module's first section.
 */
export function openers(module: ModuleView): Map<ResolvedRoute, ResolvedRoute> {
  const all = [...allRoutes(module.routes)];
  const leaves = all.filter((r) => isScreen(r) && r.children.length === 0);
  const firstSection = module.routes.find((r) => isScreen(r) && !hasOwnParam(r));
  const fallback = firstSection && shownAt(firstSection);
  const result = new Map<ResolvedRoute, ResolvedRoute>();
  for (const route of all) {
    if (!isScreen(route) || !hasOwnParam(route)) continue;
    const path = segments(route.fullPath);
    let opener: ResolvedRoute | undefined;
    for (const leaf of leaves) {
      const at = segments(leaf.fullPath);
      if (strictlyUnder(path, at) && (!opener || at.length > segments(opener.fullPath).length)) opener = leaf;
    }
    opener ??= fallback;
    if (opener) result.set(route, opener);
  }
  return result;
}

/** The routes a screen opens: those with a parameter of their own whose opener it is, in manifest order. */
export function onwardRoutes(module: ModuleView, screen: ResolvedRoute): ResolvedRoute[] {
  const onward: ResolvedRoute[] = [];
  // By name, unique across manifests: the screen may come from another copy of the same manifest.
  for (const [route, opener] of openers(module)) if (opener.name === screen.name) onward.push(route);
  return onward;
}
