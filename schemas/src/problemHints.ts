import { RESERVED_PATH_PREFIXES } from './reservedPaths.ts';

const reserved = `${RESERVED_PATH_PREFIXES.slice(0, -1).join(', ')} and ${RESERVED_PATH_PREFIXES.at(-1)}`;

/**
 * Every rule a manifest problem can name, with what to do about it, for the administrator who edited the
 * file: one list for the service's checks and the release editor's in the browser. docs/errors.md
 * describes each; a test in the config service fails when a check names a rule missing here or there.
 * The service's checks across files are a table keyed by these names (`MANIFEST_SET_RULES`), typed by them.
 */
export const MANIFEST_RULE_HINTS = {
  'json-syntax': 'fix the JSON at this position: a missing or extra comma, quote or bracket is the usual cause',
  'json-depth': 'nest objects and arrays less deeply: a manifest needs a few levels, and more than 64 are refused unread',
  'schema:required': 'add the missing property (schemas/ describes each one)',
  'schema:additionalProperties': 'remove the property or correct its spelling; only properties the schema lists are allowed',
  'schema:type': 'give the value the type the schema asks for',
  'schema:enum': 'use one of the allowed values',
  'schema:const': 'use the one value the schema allows here',
  'schema:pattern': 'change the value to the form the schema asks for (see its pattern)',
  'schema:minItems': 'add at least one entry',
  'schema:minLength': 'give a non-empty value',
  'schema:uniqueItems': 'remove the repeated entry',
  'registry-missing': 'create registry.json listing the module keys in display order',
  'key-matches-file': "rename the file to '<key>.json' or change the key so that they agree",
  'unknown-module': 'add the key to registry.json to publish the module, or correct the key',
  'module-missing': 'create the manifest file, or remove the key from registry.json',
  'duplicate-route-name': 'route names are global (redirects refer to them): rename one of the two',
  'duplicate-parameter': 'give each parameter in one address its own name',
  'title-parameter': "use only the address's own parameters in the title, as {name}",
  'redirect-target': 'name an existing route of the same module',
  'redirect-parameter': 'redirect to a route whose parameters this route also has',
  'mounts-modules': 'remove mountsModules; only the shell mounts the modules',
  'reserved-path': `choose an address outside ${reserved} (the service answers those itself)`,
  'multiple-defaults': 'keep one default child; use defaultForRoles for a role-specific default',
  'default-on-index': "remove default: a route with path '' is already the default",
  'shared-with': 'remove sharedWith, or name the module whose address this really is',
  'duplicate-path': 'one address shows one screen: change or remove one of the two routes',
  'module-landing': 'add a route with path \'\' or mark one child "default": true',
  'base-url-overlap': 'give the module a base url outside the other module',
  'path-collision': 'move the route, or declare "sharedWith" with the other module if both are meant',
  'bundle-unknown': 'upload that version first (npm run modules:publish does both), or name a version GET /api/v1/admin/modules/{key}/bundles lists',
  'bundle-sdk': "rebuild the bundle against the shell's module SDK (GET /api/v1/config names its version), or name a bundle built for it",
  'unknown-screen': 'use a screen the web app has (web/src/app/registry.ts), or one in the module\'s own namespace "<key>.<name>"',
} satisfies Record<string, string>;

/** A rule a manifest check names: one of the list above, or a JSON Schema keyword the value breaks (`schema:<keyword>`). */
export type ManifestRule = keyof typeof MANIFEST_RULE_HINTS | `schema:${string}`;

/** What to do about a problem; a rule the list does not know (a schema keyword, say) gets a general hint. */
export function problemHint(rule: string): string {
  return (
    (MANIFEST_RULE_HINTS as Record<string, string>)[rule] ?? (rule.startsWith('schema:') ? 'change the value to what the schema allows' : 'see docs/errors.md')
  );
}
