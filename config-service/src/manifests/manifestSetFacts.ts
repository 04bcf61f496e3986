import type { ManifestRoute } from '@platform/schemas';
import { paramNames, joinPaths } from '@platform/schemas';
import type { ManifestDoc } from './manifestDoc.ts';
import type { ScreenCatalogue } from './screenCatalogue.ts';
import { BaseUrlOwners } from './baseUrlOwners.ts';
import { pathShape, walkRoutes } from './walkRoutes.ts';

/** An address a module serves: a leaf route, an alias, or a layout served by its default child. */
export interface Endpoint {
  shape: string;
  fullPath: string;
  module: string;
  file: string;
  pointer: string;
  sharedWith: string | undefined;
}

/** The first route to carry a name: redirects and links refer to it. */
export interface NamedRoute {
  file: string;
  pointer: string;
  module: string;
  fullPath: string;
  chainParams: string[];
}

/** What the rules of a set look up rather than work out each time (decision 0039: lookups, not scans). */
export interface SetFacts {
  docs: readonly ManifestDoc[];
  registry: readonly string[];
  registered: ReadonlySet<string>;
  /** Each manifest by its key (the last file to claim a key). */
  byKey: ReadonlyMap<string, ManifestDoc>;
  /** Route names are global; the first route to use a name holds it. */
  names: ReadonlyMap<string, NamedRoute>;
  /** The addresses each manifest serves, in the order its routes are walked. */
  endpoints: ReadonlyMap<ManifestDoc, readonly Endpoint[]>;
  /** The registered modules by base url: who owns an address. */
  owners: BaseUrlOwners;
  screens: ScreenCatalogue | undefined;
}

function endpointsOf(doc: ManifestDoc): Endpoint[] {
  const { manifest, file } = doc;
  const own: Endpoint[] = [];
  const add = (fullPath: string, pointer: string, sharedWith?: string) =>
    own.push({ shape: pathShape(fullPath), fullPath, module: manifest.key, file, pointer, sharedWith });
  /** One address for a group's default child, however many roles have their own default. */
  const addDefault = (siblings: readonly ManifestRoute[], parentPath: string, arrayPointer: string) => {
    const first = siblings.findIndex((c) => c.path !== '' && (c.default || c.defaultForRoles));
    if (first >= 0) add(parentPath, `${arrayPointer}/${first}`, siblings[first]?.sharedWith);
  };
  addDefault(manifest.routes, manifest.baseUrl, '/routes');
  walkRoutes(manifest.routes, manifest.baseUrl, ({ route, fullPath, pointer, parentPath }) => {
    if (route.children) addDefault(route.children, fullPath, `${pointer}/children`);
    // A layout's own address is served by its default child (above).
    if (!route.children?.length && !route.mountsModules) add(fullPath, pointer, route.sharedWith);
    for (const [i, alias] of (route.aliases ?? []).entries()) add(joinPaths(parentPath, alias), `${pointer}/aliases/${i}`, route.sharedWith);
  });
  return own;
}

/** Works out, once, what the rules compare: keys, route names and the addresses each module serves. */
export function setFacts(docs: readonly ManifestDoc[], registry: readonly string[], screens: ScreenCatalogue | undefined): SetFacts {
  const byKey = new Map<string, ManifestDoc>();
  const names = new Map<string, NamedRoute>();
  const endpoints = new Map<ManifestDoc, Endpoint[]>();
  for (const doc of docs) byKey.set(doc.manifest.key, doc);
  for (const doc of docs) {
    walkRoutes(doc.manifest.routes, doc.manifest.baseUrl, ({ route, pointer, fullPath }) => {
      if (route.name && !names.has(route.name)) {
        names.set(route.name, { file: doc.file, pointer, module: doc.manifest.key, fullPath, chainParams: paramNames(fullPath) });
      }
    });
    endpoints.set(doc, endpointsOf(doc));
  }
  const registered = new Set(registry);
  const owners = new BaseUrlOwners(docs.filter((d) => registered.has(d.manifest.key)));
  return { docs, registry, registered, byKey, names, endpoints, owners, screens };
}
