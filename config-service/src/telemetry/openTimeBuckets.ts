/**
 * Upper bounds (ms, exclusive) of the fixed buckets screen open times are counted in: each √2 times the
 * last, from 50 ms to 25.6 s, and one more bucket for everything slower. Fixed, so every replica's counts
 * add up in the database; logarithmic, so a p75 read from them is within about 20% at any speed.
 */
export const OPEN_TIME_BOUNDS: readonly number[] = Array.from({ length: 19 }, (_, i) => Math.round(50 * Math.SQRT2 ** i));

/** How many buckets a histogram has: one per bound and the open-ended last. */
const OPEN_TIME_BUCKETS = OPEN_TIME_BOUNDS.length + 1;

/** An empty histogram. */
export const noOpenTimes = (): number[] => new Array<number>(OPEN_TIME_BUCKETS).fill(0);

/** The bucket `ms` falls in. */
export function openTimeBucket(ms: number): number {
  const index = OPEN_TIME_BOUNDS.findIndex((bound) => ms < bound);
  return index === -1 ? OPEN_TIME_BOUNDS.length : index;
}

/** Adds `from` into `into`, bucket by bucket. */
export function addOpenTimes(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < OPEN_TIME_BUCKETS; i++) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

/**
 * The time within which `share` of the opens rendered, estimated from the histogram: the bucket it falls
 * in, and a point inside it on the logarithmic scale the buckets are cut on. Null when nothing was timed.
 */
export function openTimeQuantile(histogram: readonly number[], share = 0.75): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const wanted = share * total;
  let below = 0;
  for (let i = 0; i < OPEN_TIME_BUCKETS; i++) {
    const count = histogram[i] ?? 0;
    if (count > 0 && below + count >= wanted) {
      const fraction = (wanted - below) / count;
      const upper = OPEN_TIME_BOUNDS[i];
      // The open-ended last bucket has no upper bound to place a point by: its lower one is all that is known.
      if (upper === undefined) return OPEN_TIME_BOUNDS[i - 1]!;
      const lower = OPEN_TIME_BOUNDS[i - 1];
      return Math.round(lower === undefined ? upper * fraction : lower * (upper / lower) ** fraction);
    }
    below += count;
  }
  return null;
}
