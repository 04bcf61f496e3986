import type { ModuleManifest } from '@platform/schemas';

/** One manifest file of a set, already valid against its schema. */
export interface ManifestDoc {
  file: string;
  manifest: ModuleManifest;
}

/** Keys that are not in the registry but must exist: the top-level routes and the dashboard. */
export const FRAME_KEYS = ['shell', 'dash'] as const;
