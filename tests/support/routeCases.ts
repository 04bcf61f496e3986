import { defaultChild, paramNames, substituteParams, type ModuleView, type ResolvedRoute, type UserManifest } from '@platform/schemas';

/** One address to open, where the browser must end up, and what the screen must be called. */
export interface RouteCase {
  address: string;
  expectedPath: string;
  h1: string;
  breadcrumbs: boolean;
}

/** A sample value for each parameter, distinct per name so a mix-up shows in titles. */
const sample = (name: string) =>
  `${name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()}7`;
const paramsOf = (pattern: string) => Object.fromEntries(paramNames(pattern).map((n) => [n, sample(n)]));
const fill = (pattern: string) => substituteParams(pattern, paramsOf(pattern));

/** What renders at a route's own address: its title, or that of the child shown there. */
function shownAt(route: ResolvedRoute): ResolvedRoute | undefined {
  if (route.redirectTo !== undefined) return undefined;
  if (!route.children.length) return route;
  const child = defaultChild(route);
  return child ? shownAt(child) : undefined;
}

/** Every address a module serves, derived from the manifest the service sent. */
export function routeCases(manifest: UserManifest, module: ModuleView): RouteCase[] {
  const cases: RouteCase[] = [];
  const titleFor = (route: ResolvedRoute, pattern: string) => substituteParams(route.title ?? '', paramsOf(pattern));
  const add = (pattern: string, route: ResolvedRoute) => {
    const address = fill(pattern);
    if (route.redirectTo !== undefined) {
      const target = findByPath(module.routes, route.redirectTo);
      const shown = target && shownAt(target);
      cases.push({ address, expectedPath: fill(route.redirectTo), h1: shown ? titleFor(shown, route.redirectTo) : '', breadcrumbs: module.breadcrumbs });
      return;
    }
    const shown = shownAt(route);
    if (shown) cases.push({ address, expectedPath: address, h1: titleFor(shown, pattern), breadcrumbs: module.breadcrumbs });
  };
  const walk = (routes: readonly ResolvedRoute[]) => {
    for (const route of routes) {
      if (route.path === '*' || route.access !== 'signedIn') continue;
      add(route.fullPath, route);
      for (const alias of route.aliases) add(alias, route);
      walk(route.children);
    }
  };
  walk(module.routes);
  const topDefault = module.routes.find((r) => r.index && r.path !== '');
  if (topDefault) add(module.baseUrl, topDefault);
  // '/' itself goes on to the landing page (spec section 4, step 3), which shows that module's screen.
  const home = cases.find((c) => c.address === '/');
  const landingModule = manifest.modules.find((m) => m.key === manifest.landing?.module);
  if (home && manifest.landing && landingModule) {
    const landing = routeCases(manifest, landingModule).find((c) => c.address === manifest.landing?.path);
    if (landing) Object.assign(home, { expectedPath: landing.expectedPath, h1: landing.h1, breadcrumbs: landing.breadcrumbs });
  }
  return uniqueByAddress(cases);
}

function findByPath(routes: readonly ResolvedRoute[], fullPath: string): ResolvedRoute | undefined {
  for (const r of routes) {
    if (r.fullPath === fullPath && r.path !== '') return r;
    const inner = findByPath(r.children, fullPath);
    if (inner) return inner;
    if (r.fullPath === fullPath) return r;
  }
  return undefined;
}

function uniqueByAddress(cases: RouteCase[]): RouteCase[] {
  const seen = new Map<string, RouteCase>();
  for (const c of cases) if (!seen.has(c.address)) seen.set(c.address, c);
  return [...seen.values()];
}
