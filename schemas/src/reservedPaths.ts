/**
 * Address prefixes the service answers itself: the API, the identity provider and its hosted UI, the
 * web app's built files, and the files of module bundles (issue 28). A screen there would never be reached, so the manifests may not use them
 * and the service never answers them with the web app's page.
 */
export const RESERVED_PATH_PREFIXES: readonly string[] = ['/api', '/idp', '/oauth2', '/assets', '/modules'];

/** The reserved prefix an address is at or under ('/api' for '/api/v1/x', not for '/apis'), or undefined. */
export function reservedPrefixOf(path: string): string | undefined {
  return RESERVED_PATH_PREFIXES.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
