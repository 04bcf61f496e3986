import type { ManifestSet } from '../manifests/loadManifestSet.ts';

/** A module whose screens the pilot's release changes: the bundle version each release names (null: compiled-in). */
export interface ChangedModule {
  moduleKey: string;
  pilotBundle: string | null;
  controlBundle: string | null;
}

const bundleOf = (set: ManifestSet, key: string) => set.modules.get(key)?.bundle?.version ?? null;

/** The modules of the pilot's release whose screens differ from the active release's, in the pilot's registry order. */
export function changedModules(active: ManifestSet, pilot: ManifestSet): ChangedModule[] {
  return pilot.registry
    .map((moduleKey) => ({
      moduleKey,
      pilotBundle: bundleOf(pilot, moduleKey),
      controlBundle: active.modules.has(moduleKey) ? bundleOf(active, moduleKey) : null,
    }))
    .filter((m) => m.pilotBundle !== m.controlBundle);
}
