import type { PilotHealth } from '@platform/schemas';
import type { ManifestSet } from '../manifests/loadManifestSet.ts';
import { changedModules } from './changedModules.ts';
import type { GuardTally, GuardTallyStore } from '../store/guardTallyStore.ts';
import type { RunningPilot } from '../store/releaseStore.ts';
import type { ScreenReportStore } from '../store/screenReportStore.ts';
import { type CountedOpens, type GuardLimits, guardVerdict } from './guardVerdict.ts';
import { healthSeries, screenHealth } from './screenHealth.ts';

/** What the verdict of a pilot without a guard is judged by: the limits the documentation suggests. */
const SUGGESTED_GUARD: GuardLimits = { maxErrorRate: 0.05, minOpens: 20 };

type ModuleFigures = PilotHealth['modules'][number];

/** The guard's counts of some versions and customers added up. */
function addCounts(tallies: readonly GuardTally[]): CountedOpens {
  const sum: CountedOpens = { opens: 0, failures: 0, users: 0, failingUsers: 0 };
  for (const t of tallies) {
    sum.opens += t.opens;
    sum.failures += t.failures;
    sum.users += t.users;
    sum.failingUsers += t.failingUsers;
  }
  return sum;
}

/**
 * For each module the pilot changes: the pilot's users on the pilot's bundle against everyone else on the
 * module (the control), since the minute the pilot started, in total and a minute at a time, with what
 * the guard's rule makes of the counted opens (decisions 0088 and 0096).
 */
export async function pilotHealth(
  pilot: RunningPilot,
  sets: { active: ManifestSet; pilot: ManifestSet },
  stores: { reports: Pick<ScreenReportStore, 'groups'>; tallies: Pick<GuardTallyStore, 'tallies'> },
): Promise<ModuleFigures[]> {
  const changed = changedModules(sets.active, sets.pilot);
  const modules = changed.map((m) => m.moduleKey);
  const since = new Date(Math.floor(pilot.startedAt.getTime() / 60_000) * 60_000);
  const [groups, tallies] = await Promise.all([
    stores.reports.groups({ modules, since, pilotCustomers: pilot.customers }),
    stores.tallies.tallies({ release: pilot.release, modules, customers: pilot.customers }),
  ]);
  return changed.map(({ moduleKey, pilotBundle, controlBundle }) => {
    const ofModule = groups.filter((g) => g.moduleKey === moduleKey);
    const tallied = tallies.filter((t) => t.moduleKey === moduleKey);
    const counted = {
      pilot: addCounts(tallied.filter((t) => t.inPilot && t.bundleVersion === (pilotBundle ?? ''))),
      control: addCounts(tallied.filter((t) => !t.inPilot && t.bundleVersion === (controlBundle ?? ''))),
    };
    // The pilot's users on another version (a page loaded before the pilot started) are neither side.
    const piloted = ofModule.filter((g) => g.inPilot && g.bundleVersion === (pilotBundle ?? ''));
    // Everyone else on the active release's version: a customer taken out of the pilot keeps its failures of the pilot's bundle out of the control.
    const control = ofModule.filter((g) => !g.inPilot && g.bundleVersion === (controlBundle ?? ''));
    const [pilotFigures, controlFigures] = [screenHealth(piloted), screenHealth(control)];
    return {
      moduleKey,
      pilotBundle,
      controlBundle,
      pilot: pilotFigures,
      control: controlFigures,
      counted,
      series: { pilot: healthSeries(piloted), control: healthSeries(control) },
      verdict: guardVerdict(counted.pilot, counted.control, pilot.guard ?? SUGGESTED_GUARD),
    };
  });
}
