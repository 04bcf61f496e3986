import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import type { BundleStore } from '../store/bundleStore.ts';
import { namedBundles } from './namedBundles.ts';
import { ENTRY } from './readBundle.ts';
import type { ServedBundle } from './servedBundle.ts';

/** The address a bundle's file is served at. */
export const bundleFileUrl = (module: string, version: string, path: string) => `/modules/${module}/${version}/${path}`;

/** The sets already given their bundles: a version's files never change, so once found they are found for good. */
const done = new WeakMap<ManifestSet, ManifestSet>();

/**
 * The set with the bundles it names, read from the store once per set (decision 0030: the user
 * manifest is built per set, never per request). A bundle the store does not hold (a folder edited
 * to name one before it was uploaded; publishing refuses that) is left out, its module keeps the
 * generic screens, and `onMissing` hears of it; the set is then read again when next served.
 */
export async function withBundles(set: ManifestSet, store: BundleStore | undefined, onMissing: (missing: string[]) => void): Promise<ManifestSet> {
  const named = namedBundles(set);
  if (!store || !named.length) return set;
  const known = done.get(set);
  if (known) return known;
  const stored = await store.many(named);
  const bundles = new Map<string, ServedBundle>();
  const missing: string[] = [];
  for (const { module, version } of named) {
    const bundle = stored.get(`${module}@${version}`);
    const entry = bundle?.files.find((f) => f.path === ENTRY);
    if (!bundle || !entry || bundle.withdrawn) {
      missing.push(`${module}@${version}`);
      continue;
    }
    bundles.set(module, {
      view: { version, entry: bundleFileUrl(module, version, ENTRY), integrity: entry.integrity },
      files: new Map(bundle.files.map((f) => [bundleFileUrl(module, version, f.path), f.integrity])),
    });
  }
  const served: ManifestSet = { ...set, bundles };
  if (missing.length) onMissing(missing);
  else done.set(set, served);
  return served;
}
