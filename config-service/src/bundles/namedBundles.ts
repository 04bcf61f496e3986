import { satisfiesSdkRange } from '@platform/schemas/sdkRange';
import { PlatformError } from '../errors.ts';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { locateProblems, type ManifestProblem } from '../manifests/manifestProblem.ts';
import type { BundleStore } from '../store/bundleStore.ts';

/** A module of a set that names a bundle: its key, its file in the set and the version named. */
export interface NamedBundle {
  module: string;
  file: string;
  version: string;
}

/** Every bundle a set names, module by module in registry order. */
export function namedBundles(set: ManifestSet): NamedBundle[] {
  const named: NamedBundle[] = [];
  for (const key of set.registry) {
    const version = set.modules.get(key)?.bundle?.version;
    if (version) named.push({ module: key, file: set.files.get(key) ?? `${key}.json`, version });
  }
  return named;
}

/**
 * Refuses a set that names a bundle never uploaded for its module (or withdrawn), or one built for a module SDK
 * range the shell's SDK does not satisfy: a 422 whose problems point at each module file's /bundle,
 * as the release editor shows any other problem. `outcome` ends the detail: what was not done.
 */
export async function checkNamedBundles(set: ManifestSet, store: BundleStore, sdkVersion: string, outcome: string): Promise<void> {
  const named = namedBundles(set);
  if (!named.length) return;
  const stored = await store.many(named);
  const problems: ManifestProblem[] = [];
  for (const { module, file, version } of named) {
    const bundle = stored.get(`${module}@${version}`);
    if (!bundle) problems.push({ file, pointer: '/bundle', rule: 'bundle-unknown', message: `no bundle ${version} was uploaded for module ${module}` });
    // Withdrawn: its files answer 404, so a release naming it would give its users a module that cannot load.
    else if (bundle.withdrawn)
      problems.push({
        file,
        pointer: '/bundle',
        rule: 'bundle-unknown',
        message: `bundle ${version} of ${module} was withdrawn (${bundle.withdrawn.reason}); name another version`,
      });
    else if (!satisfiesSdkRange(sdkVersion, bundle.sdk))
      problems.push({
        file,
        pointer: '/bundle',
        rule: 'bundle-sdk',
        message: `bundle ${version} of ${module} was built for module SDK ${bundle.sdk}; the shell provides ${sdkVersion}`,
      });
  }
  if (!problems.length) return;
  const texts = new Map(problems.map((p) => [p.file, JSON.stringify(set.contents[p.file], null, 2)]));
  throw new PlatformError(
    'CFG_ERR_MANIFEST_INVALID',
    `the manifest set names ${problems.length} bundle${problems.length === 1 ? '' : 's'} it cannot serve; ${outcome}`,
    {
      extensions: { problems: locateProblems(problems, texts), moreProblems: 0 },
    },
  );
}
