import type { ReleaseFiles } from '@platform/schemas';

/** A module of a release and the bundle version its screens come from (null: the shell's generic screens). */
export interface ModuleBundleRow {
  key: string;
  name: string;
  active: string | null;
  pilot: string | null;
}

type ModuleFile = { key?: unknown; name?: unknown; bundle?: { version?: unknown } };

/** The bundle version each module of a release's files names, by module key, with its display name. */
function bundlesOf(files: ReleaseFiles | undefined): Map<string, { name: string; version: string | null }> {
  const out = new Map<string, { name: string; version: string | null }>();
  for (const [file, content] of Object.entries(files ?? {})) {
    const module = content as ModuleFile | null;
    if (file === 'registry.json' || typeof module?.key !== 'string') continue;
    const version = module.bundle?.version;
    out.set(module.key, { name: typeof module.name === 'string' ? module.name : module.key, version: typeof version === 'string' ? version : null });
  }
  return out;
}

/**
 * The modules whose screens come from a bundle in the active release or the pilot's, with the
 * version in each; modules on the generic screens in both are left out.
 */
export function moduleBundleRows(active: ReleaseFiles | undefined, pilot: ReleaseFiles | undefined): ModuleBundleRow[] {
  const [inActive, inPilot] = [bundlesOf(active), bundlesOf(pilot)];
  const keys = [...new Set([...inActive.keys(), ...inPilot.keys()])];
  return keys
    .map((key) => ({
      key,
      name: inActive.get(key)?.name ?? inPilot.get(key)?.name ?? key,
      active: inActive.get(key)?.version ?? null,
      pilot: inPilot.get(key)?.version ?? null,
    }))
    .filter((row) => row.active !== null || row.pilot !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}
