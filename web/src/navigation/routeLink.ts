import { substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';

/** The query parameter that asks for the export-control warning over any screen (spec section 2). */
export const EXPORT_WARNING_PARAM = 'showNistWarning';

type Params = Readonly<Record<string, string | undefined>>;

/**
 * The address the app links to for a route, with its parameters filled in. A route its manifest marks
 * export-controlled is linked with showNistWarning=1, so the warning shows for whoever follows the link,
 * and for whoever is sent a copy of the address.
 */
export function routeLink(route: Pick<ResolvedRoute, 'fullPath' | 'showNistWarning'>, params: Params = {}): string {
  const path = substituteParams(route.fullPath, params);
  return route.showNistWarning ? `${path}?${EXPORT_WARNING_PARAM}=1` : path;
}

/** The route that renders at `path`: its own address, an alias, or a default child at its parent's. */
function routeAt(routes: readonly ResolvedRoute[], path: string, parentPath: string): ResolvedRoute | undefined {
  for (const route of routes) {
    if (route.redirectTo === undefined && (route.fullPath === path || route.aliases.includes(path) || (route.index && parentPath === path))) return route;
    const child = routeAt(route.children, path, route.fullPath);
    if (child) return child;
  }
  return undefined;
}

/**
 * The link to a module: its base address (where its navigation counts as current), warned like the
 * route it ends up at. A redirect there keeps the query, so the warning survives it.
 */
export function moduleLink(module: Pick<ModuleView, 'baseUrl' | 'landingPath' | 'routes'>): string {
  const landing = routeAt(module.routes, module.landingPath, module.baseUrl);
  return routeLink({ fullPath: module.baseUrl, showNistWarning: landing?.showNistWarning ?? false });
}
