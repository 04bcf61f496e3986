import type { ResolvedRoute, UserManifest } from '@platform/schemas';

function find(routes: readonly ResolvedRoute[], name: string): ResolvedRoute | undefined {
  for (const route of routes) {
    if (route.name === name) return route;
    const child = find(route.children, name);
    if (child) return child;
  }
  return undefined;
}

/** The route a user's manifest names `name` (names are unique across manifests), in any of its modules. */
export function routeNamed(manifest: UserManifest | undefined, name: string): ResolvedRoute | undefined {
  if (!manifest) return undefined;
  for (const module of [manifest.shell, manifest.dash, ...manifest.modules]) {
    const route = find(module.routes, name);
    if (route) return route;
  }
  return undefined;
}
