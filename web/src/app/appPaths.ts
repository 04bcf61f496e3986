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
