import { findRoute, type ModuleView } from '@platform/schemas';

/**
 * The addresses of the app's own screens that code links or redirects to, written here once and named
 * as their routes are in route-manifests/shell.json and dash.json (appPaths.test.ts keeps the two
 * equal). A table rather than a look-up in the user's manifest: the guard and the sign-in screens need
 * them before there is one, and the identity provider knows the sign-in addresses as its callbacks.
 */
export const APP_PATHS = {
  root: '/',
  profile: '/profile',
  login: '/login',
  signup: '/login/signup',
  forgot: '/login/forgot',
  reset: '/login/reset',
  singleSignOn: '/login/singleSignOn',
  logout: '/logout',
  notifications: '/notifications',
  settings: '/settings',
  'settings.sitegroups': '/settings/sitegroups',
} as const;

/**
 * Routes only some users have (the staff's release screens), linked to by name: their addresses are
 * written once, in the manifest, and found in the user's (appPaths.test.ts keeps the names real).
 */
export const NAMED_ROUTES = {
  releases: 'settings.releases.list',
  releaseDraft: 'settings.releases.draft',
} as const;

/** A named route's address in the user's manifest; undefined when the user has no such route. */
export function routePath(module: ModuleView, route: keyof typeof NAMED_ROUTES): string | undefined {
  return findRoute(module.routes, NAMED_ROUTES[route])?.fullPath;
}

/** The release editor's address for a draft from release `base`. */
export const releaseDraftAddress = (module: ModuleView, base: string) => {
  const path = routePath(module, 'releaseDraft');
  return path && `${path}?${new URLSearchParams({ base })}`;
};
