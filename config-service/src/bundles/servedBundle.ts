import type { ModuleView } from '@platform/schemas';

// Apart from servedBundles.ts, which reads manifest sets: a set carries its bundles, so the type both
// need lives where neither imports the other.

/** A bundle a served set names: what its module's view carries, and the digest of every file it may load (the import map's). */
export interface ServedBundle {
  view: NonNullable<ModuleView['bundle']>;
  /** Each file's address and sha384. */
  files: ReadonlyMap<string, string>;
}
