import { joinPaths, type ManifestRoute } from '@platform/schemas';

export interface RouteVisit {
  route: ManifestRoute;
  /** Absolute path pattern of the route. */
  fullPath: string;
  /** JSON pointer of the route inside its file. */
  pointer: string;
  /** Routes from the top of the module down to this one's parent. */
  ancestors: ManifestRoute[];
  /** Absolute path pattern of the parent route (the module's base url at the top). */
  parentPath: string;
}

/** Visits every route of a tree, depth first, parents before children. */
export function walkRoutes(
  routes: readonly ManifestRoute[],
  baseUrl: string,
  visit: (v: RouteVisit) => void,
  pointer = '/routes',
  ancestors: ManifestRoute[] = [],
): void {
  routes.forEach((route, i) => {
    const fullPath = joinPaths(baseUrl, route.path);
    const here = `${pointer}/${i}`;
    visit({ route, fullPath, pointer: here, ancestors, parentPath: baseUrl });
    if (route.children) walkRoutes(route.children, fullPath, visit, `${here}/children`, [...ancestors, route]);
  });
}

/** The shape of a path pattern: parameter names do not matter when two addresses are compared. */
export function pathShape(pattern: string): string {
  return pattern.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':');
}
