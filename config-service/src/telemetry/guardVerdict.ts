import { GUARD_OPENS_PER_USER } from '@platform/schemas';

/** Opens of a module's screens by one group of users, and how many of them failed. */
export interface OpenCounts {
  opens: number;
  failures: number;
}

/** Opens as the guard counts them (decision 0096): each user's first few, with how many users had them and how many of those saw a failure. */
export interface CountedOpens extends OpenCounts {
  users: number;
  failingUsers: number;
}

/** What a pilot's guard asks of it: the share of opens that may fail, once this many opens were seen. */
export interface GuardLimits {
  maxErrorRate: number;
  minOpens: number;
}

/** too-few-opens: not judged yet; healthy: nothing to act on; failing: the guard ends the pilot. */
export type GuardVerdict = 'too-few-opens' | 'healthy' | 'failing';

/** One-sided 95%: the guard acts when chance alone would give figures this bad less than one time in twenty. */
const Z = 1.645;

/** The lower end of the one-sided Wilson score interval of failures/opens. */
export function wilsonLowerBound({ opens, failures }: OpenCounts, z = Z): number {
  if (opens === 0) return 0;
  const p = failures / opens;
  const z2 = z * z;
  const centre = p + z2 / (2 * opens);
  const spread = z * Math.sqrt((p * (1 - p)) / opens + z2 / (4 * opens * opens));
  return Math.max(0, (centre - spread) / (1 + z2 / opens));
}

/** The pooled two-proportion z statistic of `pilot` failing more often than `control` (0 when either has no opens). */
export function twoProportionZ(pilot: OpenCounts, control: OpenCounts): number {
  if (pilot.opens === 0 || control.opens === 0) return 0;
  const pooled = (pilot.failures + control.failures) / (pilot.opens + control.opens);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / pilot.opens + 1 / control.opens));
  if (spread === 0) return 0;
  return (pilot.failures / pilot.opens - control.failures / control.opens) / spread;
}

/**
 * The counts with the user who weighs most taken out, at worst (decision 0096): one who failed as many of
 * their counted opens as a user can (GUARD_OPENS_PER_USER) and the others who failed had one failure each.
 */
export function withoutWorstUser(counts: CountedOpens): CountedOpens {
  if (counts.users === 0) return counts;
  const worst = Math.min(GUARD_OPENS_PER_USER, counts.failures - Math.max(0, counts.failingUsers - 1));
  return {
    opens: counts.opens - Math.max(worst, 0),
    failures: counts.failures - Math.max(worst, 0),
    users: counts.users - 1,
    failingUsers: Math.max(0, counts.failingUsers - (worst > 0 ? 1 : 0)),
  };
}

/**
 * The guard's rule (decisions 0088 and 0096), on counted opens: each user's first GUARD_OPENS_PER_USER of a
 * module. The pilot's screens are failing when all of these hold:
 * - at least `minOpens` counted opens among the pilot's users (a minimum sample, so of minOpens / 5 users);
 * - even the lower end of the one-sided 95% Wilson interval of their failure rate is above `maxErrorRate`
 *   (so a healthy bundle's unlucky streak just over the line raises no alarm), and stays above it with the
 *   user who weighs most taken out, where more than one user reported: one person's reports, a script's or
 *   a page in a loop, never end a pilot others use, nor do they with an ordinary failure of someone else's;
 * - where the control, its own heaviest user taken out too, still has `minOpens` counted opens, the pilot
 *   fails more often than the control beyond chance (one-sided two-proportion z-test at 5%): a failure
 *   everyone sees, a backend down say, is not the bundle's; and no one user's reports pass for everyone's.
 */
export function guardVerdict(pilot: CountedOpens, control: CountedOpens, limits: GuardLimits): GuardVerdict {
  if (pilot.opens < limits.minOpens) return 'too-few-opens';
  // A pilot of one user (only where minOpens is one user's) is judged on that user's word.
  const judged = pilot.users > 1 ? withoutWorstUser(pilot) : pilot;
  if (wilsonLowerBound(judged) <= limits.maxErrorRate) return 'healthy';
  const others = withoutWorstUser(control);
  if (others.opens >= limits.minOpens && twoProportionZ(judged, others) <= Z) return 'healthy';
  return 'failing';
}
