import { findRoute, type ResolvedRoute, type UserManifest } from '@platform/schemas';

/** The route a user's manifest names `name` (names are unique across manifests), in any of its modules. */
export function routeNamed(manifest: UserManifest | undefined, name: string): ResolvedRoute | undefined {
  if (!manifest) return undefined;
  for (const module of [manifest.shell, manifest.dash, ...manifest.modules]) {
    const route = findRoute(module.routes, name);
    if (route) return route;
  }
  return undefined;
}
