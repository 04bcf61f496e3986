import { paramNames, joinPaths, reservedPrefixOf, type ManifestRoute, type ModuleManifest, type ProblemList } from '@platform/schemas';
import type { ManifestProblem } from './manifestProblem.ts';
import { BaseUrlOwners } from './baseUrlOwners.ts';
import { pathShape, walkRoutes } from './walkRoutes.ts';

export interface ManifestDoc {
  file: string;
  manifest: ModuleManifest;
}

/** The screens the web app has: ids with a component of their own, and layouts. */
export interface ScreenCatalogue {
  screens: readonly string[];
  layouts: readonly string[];
}

/** Namespaces of the frame's own screens; any other namespace is a module's key (dash included). */
const FRAME_SCREEN_NAMESPACES = ['shell', 'auth'];

/** Keys that are not in the registry but must exist: the top-level routes and the dashboard. */
export const FRAME_KEYS = ['shell', 'dash'] as const;

interface Endpoint {
  shape: string;
  fullPath: string;
  module: string;
  file: string;
  pointer: string;
  sharedWith: string | undefined;
}

const within = (path: string, base: string) => base !== '/' && (path === base || path.startsWith(`${base}/`));

/**
 * Checks what a JSON Schema cannot: rules across routes and across files. Adds every problem to
 * `problems`, so an administrator fixes a broken edit in one pass. Each rule looks up what it compares
 * (maps, sets, a tree of base urls) rather than scanning lists, so the work grows with the set, not its square.
 */
export function validateManifestSet(
  docs: readonly ManifestDoc[],
  registry: readonly string[],
  screens: ScreenCatalogue | undefined,
  problems: ProblemList<ManifestProblem>,
): void {
  const registered = new Set(registry);
  const byKey = new Map<string, ManifestDoc>();

  for (const doc of docs) {
    const { key } = doc.manifest;
    if (doc.file !== `${key}.json`) {
      problems.add({
        file: doc.file,
        pointer: '/key',
        rule: 'key-matches-file',
        message: `key '${key}' must be the file's name: rename the file to ${key}.json or change the key`,
      });
    }
    if (!registered.has(key) && !(FRAME_KEYS as readonly string[]).includes(key)) {
      problems.add({
        file: doc.file,
        pointer: '/key',
        rule: 'unknown-module',
        message: `module '${key}' is not in registry.json; add it there to publish it`,
      });
    }
    byKey.set(key, doc);
  }
  for (const key of [...registry, ...FRAME_KEYS]) {
    if (!byKey.has(key)) {
      problems.add({ file: 'registry.json', pointer: '/modules', rule: 'module-missing', message: `module '${key}' has no manifest file ${key}.json` });
    }
  }

  // Route names are global: redirects and links refer to them.
  const names = new Map<string, { file: string; pointer: string; module: string; fullPath: string; chainParams: string[] }>();
  for (const doc of docs) {
    walkRoutes(doc.manifest.routes, doc.manifest.baseUrl, ({ route, pointer, fullPath }) => {
      if (!route.name) return;
      const seen = names.get(route.name);
      if (seen) {
        problems.add({
          file: doc.file,
          pointer: `${pointer}/name`,
          rule: 'duplicate-route-name',
          message: `route name '${route.name}' is already used at ${seen.file}#${seen.pointer}`,
        });
      } else {
        names.set(route.name, { file: doc.file, pointer, module: doc.manifest.key, fullPath, chainParams: paramNames(fullPath) });
      }
    });
  }

  const endpoints: Endpoint[] = [];
  for (const doc of docs) {
    const { manifest, file } = doc;
    const own: Endpoint[] = [];
    const add = (fullPath: string, pointer: string, sharedWith?: string) =>
      own.push({ shape: pathShape(fullPath), fullPath, module: manifest.key, file, pointer, sharedWith });

    /** One address for a group's default child, however many roles have their own default. */
    const checkSiblings = (siblings: readonly ManifestRoute[], parentPath: string, arrayPointer: string) => {
      const indexes = siblings.filter((c) => c.path === '').length;
      const defaults = siblings.filter((c) => c.default === true).length;
      if (indexes + defaults > 1) {
        problems.add({
          file,
          pointer: arrayPointer,
          rule: 'multiple-defaults',
          message: `${parentPath} has ${indexes + defaults} default children; keep one (use defaultForRoles for a role's own default)`,
        });
      }
      const firstDefault = siblings.findIndex((c) => c.path !== '' && (c.default || c.defaultForRoles));
      if (firstDefault >= 0) add(parentPath, `${arrayPointer}/${firstDefault}`, siblings[firstDefault]?.sharedWith);
    };
    checkSiblings(manifest.routes, manifest.baseUrl, '/routes');

    walkRoutes(manifest.routes, manifest.baseUrl, ({ route, fullPath, pointer, parentPath }) => {
      const params = paramNames(fullPath);
      // Every parameter, and the first one seen before, in one pass: the set must hold them all, or the
      // title and redirect checks below would report parameters after a duplicate as missing.
      const paramSet = new Set<string>();
      let duplicate: string | undefined;
      for (const p of params) {
        if (paramSet.has(p)) duplicate ??= p;
        else paramSet.add(p);
      }
      if (duplicate) {
        problems.add({ file, pointer: `${pointer}/path`, rule: 'duplicate-parameter', message: `parameter ':${duplicate}' appears twice in ${fullPath}` });
      }
      for (const [, placeholder] of (route.title ?? '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
        if (placeholder && !paramSet.has(placeholder)) {
          problems.add({
            file,
            pointer: `${pointer}/title`,
            rule: 'title-parameter',
            message: `title uses {${placeholder}} but ${fullPath} has no ':${placeholder}'`,
          });
        }
      }
      if (route.redirect) {
        const target = names.get(route.redirect);
        if (!target) {
          problems.add({
            file,
            pointer: `${pointer}/redirect`,
            rule: 'redirect-target',
            message: `redirect names route '${route.redirect}', which no manifest defines`,
          });
        } else if (target.module !== manifest.key) {
          problems.add({
            file,
            pointer: `${pointer}/redirect`,
            rule: 'redirect-target',
            message: `redirect to '${route.redirect}' leaves module ${manifest.key}; redirect within the module`,
          });
        } else {
          const missing = target.chainParams.filter((p) => !paramSet.has(p));
          if (missing.length) {
            problems.add({
              file,
              pointer: `${pointer}/redirect`,
              rule: 'redirect-parameter',
              message: `target ${target.fullPath} needs ${missing.map((m) => `:${m}`).join(', ')}, which ${fullPath} does not have`,
            });
          }
        }
      }
      if (route.screen && screens) {
        const problem = screenProblem(route.screen, manifest.key, screens, Boolean(route.children?.length || route.mountsModules));
        if (problem) problems.add({ file, pointer: `${pointer}/screen`, rule: 'unknown-screen', message: problem });
      }
      const reserved = reservedPrefixOf(fullPath);
      if (reserved) {
        problems.add({
          file,
          pointer: `${pointer}/path`,
          rule: 'reserved-path',
          message: `${fullPath} is under ${reserved}, which the service keeps for itself: a browser opening it would never get the screen`,
        });
      }
      if (route.mountsModules && manifest.key !== 'shell') {
        problems.add({ file, pointer: `${pointer}/mountsModules`, rule: 'mounts-modules', message: 'only the shell manifest may mount the modules' });
      }
      if (route.children) checkSiblings(route.children, fullPath, `${pointer}/children`);
      if ((route.default || route.defaultForRoles) && route.path === '') {
        problems.add({ file, pointer: `${pointer}/default`, rule: 'default-on-index', message: "a route with path '' is already its parent's default" });
      }
      if (route.sharedWith) {
        const other = byKey.get(route.sharedWith);
        if (!other || !within(fullPath, other.manifest.baseUrl)) {
          problems.add({
            file,
            pointer: `${pointer}/sharedWith`,
            rule: 'shared-with',
            message: `sharedWith '${route.sharedWith}' declares a collision that does not exist: ${fullPath} is not an address of module '${route.sharedWith}'`,
          });
        }
      }
      // A layout's own address is served by its default child (see checkSiblings).
      if (!route.children?.length && !route.mountsModules) add(fullPath, pointer, route.sharedWith);
      for (const [i, alias] of (route.aliases ?? []).entries()) add(joinPaths(parentPath, alias), `${pointer}/aliases/${i}`, route.sharedWith);
    });

    // Within a module, one address is one screen.
    const seen = new Map<string, Endpoint>();
    for (const e of own) {
      const first = seen.get(e.shape);
      if (first)
        problems.add({ file, pointer: e.pointer, rule: 'duplicate-path', message: `${e.fullPath} is already served by ${first.file}#${first.pointer}` });
      else seen.set(e.shape, e);
    }
    if (registered.has(manifest.key) && !own.some((e) => e.fullPath === manifest.baseUrl)) {
      problems.add({
        file,
        pointer: '/routes',
        rule: 'module-landing',
        message: `nothing renders at the base url ${manifest.baseUrl}: add a route with path '' or mark a child "default"`,
      });
    }
    endpoints.push(...own);
  }

  // Across modules: an address belongs to one module unless a manifest declares the sharing.
  const owners = new BaseUrlOwners(docs.filter((d) => registered.has(d.manifest.key)));
  for (const a of owners.docs) {
    owners.forEachOwner(
      a.manifest.baseUrl,
      a.file,
      problems,
      (b) => b !== a,
      (b) => ({
        file: a.file,
        pointer: '/baseUrl',
        rule: 'base-url-overlap',
        message: `${a.manifest.baseUrl} lies inside module ${b.manifest.key}'s base url ${b.manifest.baseUrl}`,
      }),
      (count) => count.all - (a.manifest.baseUrl === '/' ? 0 : 1),
    );
  }
  for (const e of endpoints) {
    const shared = e.sharedWith !== undefined && e.sharedWith !== e.module ? e.sharedWith : undefined;
    owners.forEachOwner(
      e.fullPath,
      e.file,
      problems,
      (owner) => owner.manifest.key !== e.module && owner.manifest.key !== shared,
      (owner) => ({
        file: e.file,
        pointer: e.pointer,
        rule: 'path-collision',
        message: `${e.fullPath} is an address of module ${owner.manifest.key} (${owner.manifest.baseUrl}); declare "sharedWith": "${owner.manifest.key}" on the route if both are meant`,
      }),
      (count) => count.all - count.key(e.module) - (shared === undefined ? 0 : count.key(shared)),
    );
  }
  const byShape = new Map<string, Endpoint>();
  for (const e of endpoints) {
    const first = byShape.get(e.shape);
    if (!first) byShape.set(e.shape, e);
    else if (first.module !== e.module && first.sharedWith !== e.module && e.sharedWith !== first.module) {
      problems.add({
        file: e.file,
        pointer: e.pointer,
        rule: 'path-collision',
        message: `${e.fullPath} is also served by module ${first.module} at ${first.file}#${first.pointer}`,
      });
    }
  }
}

/**
 * Why the web app cannot show `screen` for a route of module `key`, or undefined when it can: a
 * frame screen (shell, auth, dash) must be one the app has; a module's screen lies in the module's
 * own namespace and, without a component of its own, renders the generic module screen.
 */
function screenProblem(screen: string, key: string, catalogue: ScreenCatalogue, isLayout: boolean): string | undefined {
  const known = isLayout ? [...catalogue.layouts, ...catalogue.screens] : catalogue.screens;
  if (known.includes(screen)) return undefined;
  const namespace = screen.split('.')[0] ?? '';
  if (FRAME_SCREEN_NAMESPACES.includes(namespace)) return `the web app has no screen '${screen}'`;
  if (namespace !== key) return `screen '${screen}' belongs to namespace '${namespace}', not to module '${key}'`;
  return undefined;
}
