import type { PilotHealth } from '@platform/schemas';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import type { RunningPilot } from '../store/releaseStore.ts';
import type { ScreenReportStore } from '../store/screenReportStore.ts';
import { type GuardLimits, guardVerdict } from './guardVerdict.ts';
import { healthSeries, openCounts, screenHealth } from './screenHealth.ts';

/** What the verdict of a pilot without a guard is judged by: the limits the documentation suggests. */
const SUGGESTED_GUARD: GuardLimits = { maxErrorRate: 0.05, minOpens: 20 };

type ModuleFigures = PilotHealth['modules'][number];

/** A module whose screens the pilot's release changes: the bundle version each release names (null: compiled-in). */
interface ChangedModule {
  moduleKey: string;
  pilotBundle: string | null;
  controlBundle: string | null;
}

const bundleOf = (set: ManifestSet, key: string) => set.modules.get(key)?.bundle?.version ?? null;

/** The modules of the pilot's release whose screens differ from the active release's, in the pilot's registry order. */
function changedModules(active: ManifestSet, pilot: ManifestSet): ChangedModule[] {
  return pilot.registry
    .map((moduleKey) => ({
      moduleKey,
      pilotBundle: bundleOf(pilot, moduleKey),
      controlBundle: active.modules.has(moduleKey) ? bundleOf(active, moduleKey) : null,
    }))
    .filter((m) => m.pilotBundle !== m.controlBundle);
}

/**
 * For each module the pilot changes: the pilot's users on the pilot's bundle against everyone else on the
 * module (the control), since the minute the pilot started, in total and a minute at a time, with what
 * the guard's rule makes of it (decision 0088).
 */
export async function pilotHealth(
  pilot: RunningPilot,
  sets: { active: ManifestSet; pilot: ManifestSet },
  reports: Pick<ScreenReportStore, 'groups'>,
): Promise<ModuleFigures[]> {
  const changed = changedModules(sets.active, sets.pilot);
  const since = new Date(Math.floor(pilot.startedAt.getTime() / 60_000) * 60_000);
  const groups = await reports.groups({ modules: changed.map((m) => m.moduleKey), since, pilotCustomers: pilot.customers });
  return changed.map(({ moduleKey, pilotBundle, controlBundle }) => {
    const ofModule = groups.filter((g) => g.moduleKey === moduleKey);
    // The pilot's users on another version (a page loaded before the pilot started) are neither side.
    const piloted = ofModule.filter((g) => g.inPilot && g.bundleVersion === (pilotBundle ?? ''));
    const control = ofModule.filter((g) => !g.inPilot);
    const [pilotFigures, controlFigures] = [screenHealth(piloted), screenHealth(control)];
    return {
      moduleKey,
      pilotBundle,
      controlBundle,
      pilot: pilotFigures,
      control: controlFigures,
      series: { pilot: healthSeries(piloted), control: healthSeries(control) },
      verdict: guardVerdict(openCounts(pilotFigures), openCounts(controlFigures), pilot.guard ?? SUGGESTED_GUARD),
    };
  });
}
