import { joinPaths, type ExposureRules, type ManifestRoute, type ModuleManifest } from '@platform/schemas';
import { fileText } from './releaseDraft.ts';

/** A module's exposure as the form edits it: null roles or environments mean every one (the rule is left out). */
export function exposureOf(manifest: ModuleManifest): ExposureRules {
  const exposure = manifest.exposure ?? {};
  return {
    roles: exposure.roles ? [...exposure.roles] : null,
    environments: exposure.environments ? [...exposure.environments] : null,
    enabledForNewCustomers: exposure.enabledForNewCustomers ?? true,
  };
}

/** A copy of `object` with `key` set to `value` (left out when undefined), a new key placed after `after`. */
function withKey<T extends object>(object: T, key: string, value: unknown, after: readonly string[]): T {
  const entries = Object.entries(object).filter(([k]) => k !== key);
  if (value === undefined) return Object.fromEntries(entries) as T;
  if (key in object) return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, k === key ? value : v])) as T;
  // A new key goes where an administrator would write it, so the JSON reads as the other files do.
  const anchor = Math.max(-1, ...after.map((a) => entries.findIndex(([k]) => k === a)));
  entries.splice(anchor + 1, 0, [key, value]);
  return Object.fromEntries(entries) as T;
}

/**
 * The manifest with the exposure the form says. Rules at their default are left out (and the whole
 * object when all are), so a module nobody limits reads as before.
 */
export function withExposure(manifest: ModuleManifest, rules: ExposureRules): ModuleManifest {
  let exposure: NonNullable<ModuleManifest['exposure']> = {};
  if (rules.roles !== null) exposure = { ...exposure, roles: [...rules.roles] };
  if (rules.environments !== null) exposure = { ...exposure, environments: [...rules.environments] };
  if (!rules.enabledForNewCustomers) exposure = { ...exposure, enabledForNewCustomers: false };
  return withKey(manifest, 'exposure', Object.keys(exposure).length ? exposure : undefined, ['breadcrumbs', 'baseUrl', 'name', 'key']);
}

/** One route of a module as the roles table lists it. */
export interface RouteRow {
  /** JSON pointer of the route in its file. */
  pointer: string;
  fullPath: string;
  title: string;
  /** Null: every role that gets the module. */
  roles: string[] | null;
  depth: number;
}

/** Every route a person can open (redirects left out), parents before children. */
export function routeRows(manifest: ModuleManifest): RouteRow[] {
  const rows: RouteRow[] = [];
  const walk = (routes: readonly ManifestRoute[], parentPath: string, pointer: string, depth: number) => {
    routes.forEach((route, i) => {
      const here = `${pointer}/${i}`;
      const fullPath = joinPaths(parentPath, route.path);
      if (!route.redirect) rows.push({ pointer: here, fullPath, title: route.title ?? '', roles: route.roles ? [...route.roles] : null, depth });
      if (route.children) walk(route.children, fullPath, `${here}/children`, depth + 1);
    });
  };
  walk(manifest.routes, manifest.baseUrl, '/routes', 0);
  return rows;
}

/** The manifest with one route's roles set; null or none takes the limit away (the schema wants at least one role). */
export function withRouteRoles(manifest: ModuleManifest, pointer: string, roles: readonly string[] | null): ModuleManifest {
  const steps = pointer.split('/').slice(1);
  const set = (routes: readonly ManifestRoute[], rest: readonly string[]): ManifestRoute[] => {
    const [index, childrenKey, ...deeper] = rest;
    const at = Number(index);
    if (!Number.isInteger(at) || !routes[at]) throw new RangeError(`no route at ${pointer}`);
    return routes.map((route, i) => {
      if (i !== at) return route;
      if (childrenKey === undefined) return withKey(route, 'roles', roles?.length ? [...roles] : undefined, ['title', 'screen', 'name', 'path']);
      if (childrenKey !== 'children') throw new RangeError(`no route at ${pointer}`);
      return { ...route, children: set(route.children ?? [], deeper) };
    });
  };
  if (steps[0] !== 'routes') throw new RangeError(`no route at ${pointer}`);
  return { ...manifest, routes: set(manifest.routes, steps.slice(1)) };
}

/** Applies a form's edit to a file's text; the edited file is written as the service shows files. */
export function editFileText(text: string, edit: (manifest: ModuleManifest) => ModuleManifest): string {
  return fileText(edit(JSON.parse(text) as ModuleManifest));
}
