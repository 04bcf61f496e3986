import type { MANIFEST_RULE_HINTS, ManifestRoute, ProblemList } from '@platform/schemas';
import { reservedPrefixOf } from '@platform/schemas';
import type { ManifestProblem } from './manifestProblem.ts';
import { FRAME_KEYS, type ManifestDoc } from './manifestDoc.ts';
import type { Endpoint, SetFacts } from './manifestSetFacts.ts';
import type { ScreenCatalogue } from './screenCatalogue.ts';
import { walkRoutes, type RouteVisit } from './walkRoutes.ts';

/** Rules found before a set is checked as a whole: in a file's text, and the registry's absence (loadManifestSet.ts). */
type LoadingRule = 'json-syntax' | 'json-depth' | 'registry-missing';
/** Rules that need the store, checked when a release is published or piloted (bundles/namedBundles.ts). */
type PublishRule = 'bundle-unknown' | 'bundle-sdk';

/** A rule across routes or files: every rule of the hint catalogue that is not a loading or publishing rule nor a schema keyword. */
export type SetRule = Exclude<keyof typeof MANIFEST_RULE_HINTS, LoadingRule | PublishRule | `schema:${string}`>;

/** Adds a rule's problems under its own name, so a check cannot report under another rule's hint. */
export class RuleReport {
  constructor(
    readonly rule: SetRule,
    readonly problems: ProblemList<ManifestProblem>,
  ) {}

  problem(file: string, pointer: string, message: string): ManifestProblem {
    return { file, pointer, rule: this.rule, message };
  }

  add(file: string, pointer: string, message: string): void {
    this.problems.add(this.problem(file, pointer, message));
  }
}

/** A route as the route rules see it: with its file, and the parameters of its address. */
export interface CheckedRoute extends RouteVisit {
  doc: ManifestDoc;
  /** Every parameter of the address, once. */
  params: ReadonlySet<string>;
  /** The first parameter the address names twice. */
  repeatedParam: string | undefined;
}

/** Routes under one parent: a module's top-level routes, or a route's children. */
export interface SiblingGroup {
  file: string;
  siblings: readonly ManifestRoute[];
  parentPath: string;
  pointer: string;
}

/**
 * Where in the one walk over a set a rule looks. The walk takes them in this order: `file` for each file,
 * `set` once, then for each file its top-level `siblings`, each route (the `route` and `siblings` rules
 * in table order, `siblings` on the route's children) and its `module` rules, and `across` last.
 */
export type RuleCheck =
  | { on: 'file' | 'module'; check(doc: ManifestDoc, set: SetFacts, report: RuleReport): void }
  | { on: 'set' | 'across'; check(set: SetFacts, report: RuleReport): void }
  | { on: 'siblings'; check(group: SiblingGroup, set: SetFacts, report: RuleReport): void }
  | { on: 'route'; check(route: CheckedRoute, set: SetFacts, report: RuleReport): void };

/** Namespaces of the frame's own screens; any other namespace is a module's key (dash included). */
const FRAME_SCREEN_NAMESPACES = ['shell', 'auth'];

const within = (path: string, base: string) => base !== '/' && (path === base || path.startsWith(`${base}/`));

/**
 * Every check across routes and files, keyed by the rule it reports. Its hint is the entry of the same
 * key in MANIFEST_RULE_HINTS (`schemas/src/problemHints.ts`); the type holds the two lists equal. The
 * order of the entries is the order their problems are listed in, which decides the first 100 kept.
 */
export const MANIFEST_SET_RULES: { readonly [R in SetRule]: RuleCheck } = {
  'key-matches-file': {
    on: 'file',
    check({ file, manifest: { key } }, _set, report) {
      if (file !== `${key}.json`) report.add(file, '/key', `key '${key}' must be the file's name: rename the file to ${key}.json or change the key`);
    },
  },
  'unknown-module': {
    on: 'file',
    check({ file, manifest: { key } }, { registered }, report) {
      if (!registered.has(key) && !(FRAME_KEYS as readonly string[]).includes(key)) {
        report.add(file, '/key', `module '${key}' is not in registry.json; add it there to publish it`);
      }
    },
  },
  'module-missing': {
    on: 'set',
    check({ registry, byKey }, report) {
      for (const key of [...registry, ...FRAME_KEYS]) {
        if (!byKey.has(key)) report.add('registry.json', '/modules', `module '${key}' has no manifest file ${key}.json`);
      }
    },
  },
  'duplicate-route-name': {
    on: 'set',
    check({ docs, names }, report) {
      for (const { file, manifest } of docs) {
        walkRoutes(manifest.routes, manifest.baseUrl, ({ route: { name }, pointer }) => {
          const first = name ? names.get(name) : undefined;
          if (first && (first.file !== file || first.pointer !== pointer)) {
            report.add(file, `${pointer}/name`, `route name '${name}' is already used at ${first.file}#${first.pointer}`);
          }
        });
      }
    },
  },
  'duplicate-parameter': {
    on: 'route',
    check({ doc, pointer, fullPath, repeatedParam }, _set, report) {
      if (repeatedParam) report.add(doc.file, `${pointer}/path`, `parameter ':${repeatedParam}' appears twice in ${fullPath}`);
    },
  },
  'title-parameter': {
    on: 'route',
    check({ doc, route, pointer, fullPath, params }, _set, report) {
      for (const [, placeholder] of (route.title ?? '').matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
        if (placeholder && !params.has(placeholder)) {
          report.add(doc.file, `${pointer}/title`, `title uses {${placeholder}} but ${fullPath} has no ':${placeholder}'`);
        }
      }
    },
  },
  'redirect-target': {
    on: 'route',
    check({ doc: { file, manifest }, route, pointer }, { names }, report) {
      if (!route.redirect) return;
      const target = names.get(route.redirect);
      if (!target) report.add(file, `${pointer}/redirect`, `redirect names route '${route.redirect}', which no manifest defines`);
      else if (target.module !== manifest.key) {
        report.add(file, `${pointer}/redirect`, `redirect to '${route.redirect}' leaves module ${manifest.key}; redirect within the module`);
      }
    },
  },
  'redirect-parameter': {
    on: 'route',
    check({ doc: { file, manifest }, route, pointer, fullPath, params }, { names }, report) {
      const target = route.redirect ? names.get(route.redirect) : undefined;
      if (target?.module !== manifest.key) return;
      const missing = target.chainParams.filter((p) => !params.has(p));
      if (missing.length) {
        report.add(file, `${pointer}/redirect`, `target ${target.fullPath} needs ${missing.map((m) => `:${m}`).join(', ')}, which ${fullPath} does not have`);
      }
    },
  },
  'unknown-screen': {
    on: 'route',
    check({ doc: { file, manifest }, route, pointer }, { screens }, report) {
      if (!route.screen || !screens) return;
      const problem = screenProblem(route.screen, manifest.key, screens, Boolean(route.children?.length || route.mountsModules));
      if (problem) report.add(file, `${pointer}/screen`, problem);
    },
  },
  'reserved-path': {
    on: 'route',
    check({ doc, pointer, fullPath }, _set, report) {
      const reserved = reservedPrefixOf(fullPath);
      if (reserved) {
        report.add(
          doc.file,
          `${pointer}/path`,
          `${fullPath} is under ${reserved}, which the service keeps for itself: a browser opening it would never get the screen`,
        );
      }
    },
  },
  'mounts-modules': {
    on: 'route',
    check({ doc: { file, manifest }, route, pointer }, _set, report) {
      if (route.mountsModules && manifest.key !== 'shell') report.add(file, `${pointer}/mountsModules`, 'only the shell manifest may mount the modules');
    },
  },
  'multiple-defaults': {
    on: 'siblings',
    check({ file, siblings, parentPath, pointer }, _set, report) {
      const indexes = siblings.filter((c) => c.path === '').length;
      const defaults = siblings.filter((c) => c.default === true).length;
      if (indexes + defaults > 1) {
        report.add(file, pointer, `${parentPath} has ${indexes + defaults} default children; keep one (use defaultForRoles for a role's own default)`);
      }
    },
  },
  'default-on-index': {
    on: 'route',
    check({ doc, route, pointer }, _set, report) {
      if ((route.default || route.defaultForRoles) && route.path === '')
        report.add(doc.file, `${pointer}/default`, "a route with path '' is already its parent's default");
    },
  },
  'shared-with': {
    on: 'route',
    check({ doc, route, pointer, fullPath }, { byKey }, report) {
      if (!route.sharedWith) return;
      const other = byKey.get(route.sharedWith);
      if (!other || !within(fullPath, other.manifest.baseUrl)) {
        report.add(
          doc.file,
          `${pointer}/sharedWith`,
          `sharedWith '${route.sharedWith}' declares a collision that does not exist: ${fullPath} is not an address of module '${route.sharedWith}'`,
        );
      }
    },
  },
  // Within a module, one address is one screen.
  'duplicate-path': {
    on: 'module',
    check(doc, { endpoints }, report) {
      const seen = new Map<string, Endpoint>();
      for (const e of endpoints.get(doc) ?? []) {
        const first = seen.get(e.shape);
        if (first) report.add(doc.file, e.pointer, `${e.fullPath} is already served by ${first.file}#${first.pointer}`);
        else seen.set(e.shape, e);
      }
    },
  },
  'module-landing': {
    on: 'module',
    check(doc, { registered, endpoints }, report) {
      const { key, baseUrl } = doc.manifest;
      if (registered.has(key) && !endpoints.get(doc)?.some((e) => e.fullPath === baseUrl)) {
        report.add(doc.file, '/routes', `nothing renders at the base url ${baseUrl}: add a route with path '' or mark a child "default"`);
      }
    },
  },
  'base-url-overlap': {
    on: 'across',
    check({ owners }, report) {
      for (const a of owners.docs) {
        owners.forEachOwner(
          a.manifest.baseUrl,
          a.file,
          report.problems,
          (b) => b !== a,
          (b) => report.problem(a.file, '/baseUrl', `${a.manifest.baseUrl} lies inside module ${b.manifest.key}'s base url ${b.manifest.baseUrl}`),
          (count) => count.all - (a.manifest.baseUrl === '/' ? 0 : 1),
        );
      }
    },
  },
  // Across modules: an address belongs to one module unless a manifest declares the sharing.
  'path-collision': {
    on: 'across',
    check({ owners, endpoints }, report) {
      const all = [...endpoints.values()].flat();
      for (const e of all) {
        const shared = e.sharedWith !== undefined && e.sharedWith !== e.module ? e.sharedWith : undefined;
        owners.forEachOwner(
          e.fullPath,
          e.file,
          report.problems,
          (owner) => owner.manifest.key !== e.module && owner.manifest.key !== shared,
          (owner) =>
            report.problem(
              e.file,
              e.pointer,
              `${e.fullPath} is an address of module ${owner.manifest.key} (${owner.manifest.baseUrl}); declare "sharedWith": "${owner.manifest.key}" on the route if both are meant`,
            ),
          (count) => count.all - count.key(e.module) - (shared === undefined ? 0 : count.key(shared)),
        );
      }
      const byShape = new Map<string, Endpoint>();
      for (const e of all) {
        const first = byShape.get(e.shape);
        if (!first) byShape.set(e.shape, e);
        else if (first.module !== e.module && first.sharedWith !== e.module && e.sharedWith !== first.module) {
          report.add(e.file, e.pointer, `${e.fullPath} is also served by module ${first.module} at ${first.file}#${first.pointer}`);
        }
      }
    },
  },
};

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
