import type { ModuleView, ResolvedRoute } from '@platform/schemas';

/** A route's address by its name: paths are written once, in the manifest. Undefined when the user has no such route. */
export function routePath(module: ModuleView, name: string): string | undefined {
  const find = (routes: readonly ResolvedRoute[]): ResolvedRoute | undefined => {
    for (const route of routes) {
      if (route.name === name) return route;
      const found = find(route.children);
      if (found) return found;
    }
    return undefined;
  };
  return find(module.routes)?.fullPath;
}

export const RELEASES_ROUTE = 'settings.releases.list';
const DRAFT_ROUTE = 'settings.releases.draft';

/** The editor's address for a draft from `base`. */
export const draftAddress = (module: ModuleView, base: string) => {
  const path = routePath(module, DRAFT_ROUTE);
  return path && `${path}?${new URLSearchParams({ base })}`;
};
