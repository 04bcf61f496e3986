import type { ModuleView } from '@platform/schemas';
import { browserSource, type BundleSource } from './bundleSource.ts';
import { prefetchBundle } from './openBundle.ts';

/** Opens ahead of the user every bundle the signed-in user's modules name that this page may import; settles when all have. */
export async function prefetchBundles(modules: readonly ModuleView[], source: BundleSource = browserSource): Promise<void> {
  await Promise.all(modules.map((module) => (module.bundle ? prefetchBundle(module.bundle, source) : undefined)));
}
