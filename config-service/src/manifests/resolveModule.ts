import { joinPaths, type ManifestRoute, type ModuleManifest, type ModuleView, type ResolvedRoute } from '@platform/schemas';

export interface ResolveContext {
  role: string | null;
  productName: string;
  /** Absolute path pattern of every named route of the module. */
  namedPaths: ReadonlyMap<string, string>;
}

/** The child that renders at its parent's address for this role, if one is marked. */
function defaultChild(siblings: readonly ManifestRoute[], role: string | null): ManifestRoute | undefined {
  return (
    siblings.find((c) => role !== null && c.defaultForRoles?.includes(role)) ??
    siblings.find((c) => c.default === true)
  );
}

/** One empty list for every route without aliases or children: views are shared and never changed. */
const NONE: never[] = Object.freeze([]) as never[];

function resolveRoutes(
  routes: readonly ManifestRoute[],
  parentPath: string,
  inheritedAccess: ResolvedRoute['access'],
  ctx: ResolveContext,
): ResolvedRoute[] {
  const chosen = defaultChild(routes, ctx.role);
  // One pass, no intermediate arrays: this runs for every route of every module a role can see.
  const resolvedRoutes: ResolvedRoute[] = [];
  for (const route of routes) {
    // A shared address is served by the module that owns it; a route for other roles is not sent at all.
    if (route.sharedWith !== undefined) continue;
    if (route.roles !== undefined && (ctx.role === null || !route.roles.includes(ctx.role))) continue;
    const fullPath = joinPaths(parentPath, route.path);
    const access = route.access ?? inheritedAccess;
    const resolved: ResolvedRoute = {
      path: route.path,
      fullPath: route.path === '*' ? `${parentPath === '/' ? '' : parentPath}/*` : fullPath,
      index: route === chosen,
      aliases: route.aliases ? route.aliases.map((alias) => joinPaths(parentPath, alias)) : NONE,
      access,
      showNistWarning: route.showNistWarning ?? false,
      children: route.children ? resolveRoutes(route.children, fullPath, access, ctx) : NONE,
    };
    if (route.name !== undefined) resolved.name = route.name;
    if (route.screen !== undefined) resolved.screen = route.screen;
    if (route.title !== undefined) resolved.title = route.title;
    if (route.redirect !== undefined) {
      const target = ctx.namedPaths.get(route.redirect);
      // The set was validated, so a target is always found; the fallback keeps the type honest.
      resolved.redirectTo = target ?? parentPath;
    }
    resolvedRoutes.push(resolved);
  }
  return resolvedRoutes;
}

/** Named routes of a manifest with their absolute path patterns. */
export function namedPaths(manifest: ModuleManifest): Map<string, string> {
  const paths = new Map<string, string>();
  // Not walkRoutes: the JSON pointers and ancestor lists it makes for error messages are not needed here.
  const visit = (routes: readonly ManifestRoute[], parentPath: string) => {
    for (const route of routes) {
      const fullPath = joinPaths(parentPath, route.path);
      if (route.name) paths.set(route.name, fullPath);
      if (route.children) visit(route.children, fullPath);
    }
  };
  visit(manifest.routes, manifest.baseUrl);
  return paths;
}

/** Where a module's base url ends up: itself, or the target of the redirect there. */
function landingPath(manifest: ModuleManifest, routes: readonly ResolvedRoute[]): string {
  const atBase = routes.find((r) => r.path === '' && r.redirectTo !== undefined);
  return atBase?.redirectTo ?? manifest.baseUrl;
}

/** Turns a module's manifest into what one user of the given role receives. */
export function resolveModule(manifest: ModuleManifest, ctx: Omit<ResolveContext, 'namedPaths'>): ModuleView {
  const routes = resolveRoutes(manifest.routes, manifest.baseUrl, 'signedIn', { ...ctx, namedPaths: namedPaths(manifest) });
  return {
    key: manifest.key,
    name: manifest.name.replaceAll('{product}', ctx.productName),
    baseUrl: manifest.baseUrl,
    breadcrumbs: manifest.breadcrumbs,
    landingPath: landingPath(manifest, routes),
    routes,
  };
}
