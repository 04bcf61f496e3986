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
 * The guard's rule (decisions 0088 and 0096), on counted opens: each user's first GUARD_OPENS_PER_USER of a
 * module. The pilot's screens are failing when all of these hold:
 * - at least `minOpens` counted opens among the pilot's users (a minimum sample, so of minOpens / 5 users);
 * - even the lower end of the one-sided 95% Wilson interval of their failure rate is above `maxErrorRate`
 *   (so a healthy bundle's unlucky streak just over the line raises no alarm);
 * - the failures are more than one user's, where more than one user reported: one person's reports, a
 *   script's or a page in a loop, never end a pilot others use;
 * - where the control has `minOpens` counted opens of at least two users, the pilot fails more often than
 *   the control beyond chance (one-sided two-proportion z-test at 5%): a failure everyone sees, a backend
 *   down say, is not the bundle's; and no one user's reports can pass for everyone's.
 */
export function guardVerdict(pilot: CountedOpens, control: CountedOpens, limits: GuardLimits): GuardVerdict {
  if (pilot.opens < limits.minOpens) return 'too-few-opens';
  if (wilsonLowerBound(pilot) <= limits.maxErrorRate) return 'healthy';
  if (pilot.failingUsers < Math.min(2, pilot.users)) return 'healthy';
  if (control.opens >= limits.minOpens && control.users >= 2 && twoProportionZ(pilot, control) <= Z) return 'healthy';
  return 'failing';
}
