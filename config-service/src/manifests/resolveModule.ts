import { joinPaths, type ManifestRoute, type ModuleManifest, type ModuleView, type ResolvedRoute } from '@platform/schemas';

export interface ResolveContext {
  role: string | null;
  productName: string;
}

interface Resolving extends ResolveContext {
  /** Absolute path pattern of every named route of the module, filled in as the walk goes. */
  namedPaths: Map<string, string>;
  /** Redirects met before their target's path was known: settled once the walk is done. */
  redirects: Array<{ resolved: ResolvedRoute; target: string; parentPath: string }>;
}

/** The child that renders at its parent's address for this role, if one is marked. */
function defaultChild(siblings: readonly ManifestRoute[], role: string | null): ManifestRoute | undefined {
  return siblings.find((c) => role !== null && c.defaultForRoles?.includes(role)) ?? siblings.find((c) => c.default === true);
}

/** One empty list for every route without aliases or children: views are shared and never changed. */
const NONE: never[] = Object.freeze([]) as never[];

function resolveRoutes(routes: readonly ManifestRoute[], parentPath: string, inheritedAccess: ResolvedRoute['access'], ctx: Resolving): ResolvedRoute[] {
  const chosen = defaultChild(routes, ctx.role);
  // One pass, no intermediate arrays: this runs for every route of every module a role can see.
  const resolvedRoutes: ResolvedRoute[] = [];
  for (const route of routes) {
    // A shared address is served by the module that owns it; a route for other roles is not sent at all.
    const fullPath = joinPaths(parentPath, route.path);
    // Named before the filters: a redirect may name a route this role is not sent.
    if (route.name !== undefined) ctx.namedPaths.set(route.name, fullPath);
    if (route.sharedWith !== undefined) {
      if (route.children) nameRoutes(route.children, fullPath, ctx.namedPaths);
      continue;
    }
    if (route.roles !== undefined && (ctx.role === null || !route.roles.includes(ctx.role))) {
      if (route.children) nameRoutes(route.children, fullPath, ctx.namedPaths);
      continue;
    }
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
    if (route.redirect !== undefined) ctx.redirects.push({ resolved, target: route.redirect, parentPath });
    resolvedRoutes.push(resolved);
  }
  return resolvedRoutes;
}

/** Names the routes of a subtree that is not sent, so redirects elsewhere can still point into it. */
function nameRoutes(routes: readonly ManifestRoute[], parentPath: string, paths: Map<string, string>): void {
  for (const route of routes) {
    const fullPath = joinPaths(parentPath, route.path);
    if (route.name) paths.set(route.name, fullPath);
    if (route.children) nameRoutes(route.children, fullPath, paths);
  }
}

/** Where a module's base url ends up: itself, or the target of the redirect there. */
function landingPath(manifest: ModuleManifest, routes: readonly ResolvedRoute[]): string {
  const atBase = routes.find((r) => r.path === '' && r.redirectTo !== undefined);
  return atBase?.redirectTo ?? manifest.baseUrl;
}

/** Turns a module's manifest into what one user of the given role receives. */
export function resolveModule(manifest: ModuleManifest, ctx: ResolveContext): ModuleView {
  // One walk: names are collected as routes are resolved, and redirects settled after it, since a
  // redirect may name a route further on.
  const resolving: Resolving = { ...ctx, namedPaths: new Map(), redirects: [] };
  const routes = resolveRoutes(manifest.routes, manifest.baseUrl, 'signedIn', resolving);
  for (const { resolved, target, parentPath } of resolving.redirects) {
    // The set was validated, so a target is always found; the fallback keeps the type honest.
    resolved.redirectTo = resolving.namedPaths.get(target) ?? parentPath;
  }
  return {
    key: manifest.key,
    name: manifest.name.replaceAll('{product}', ctx.productName),
    baseUrl: manifest.baseUrl,
    breadcrumbs: manifest.breadcrumbs,
    landingPath: landingPath(manifest, routes),
    routes,
  };
}
