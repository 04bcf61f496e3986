import { describe, expect, it } from 'vitest';
import { OPEN_TIME_BOUNDS, noOpenTimes, openTimeBucket, openTimeQuantile } from './openTimeBuckets.ts';

const histogramOf = (times: number[]) => {
  const histogram = noOpenTimes();
  for (const ms of times) histogram[openTimeBucket(ms)]!++;
  return histogram;
};

describe('open time buckets', () => {
  it('grow by √2 from 50 ms to 25.6 s, with one more for anything slower', () => {
    expect(OPEN_TIME_BOUNDS[0]).toBe(50);
    expect(OPEN_TIME_BOUNDS.at(-1)).toBe(25_600);
    expect(openTimeBucket(0)).toBe(0);
    expect(openTimeBucket(50)).toBe(1);
    expect(openTimeBucket(600_000)).toBe(OPEN_TIME_BOUNDS.length);
  });

  it('give a p75 within a bucket of the true one', () => {
    // 100 opens from 10 ms to 1 s: the true p75 is 750 ms.
    const times = Array.from({ length: 100 }, (_, i) => 10 + i * 10);
    const p75 = openTimeQuantile(histogramOf(times))!;
    expect(p75).toBeGreaterThan(750 / Math.SQRT2);
    expect(p75).toBeLessThan(750 * Math.SQRT2);
  });

  it('say nothing without a timed open, and the lower bound for opens slower than the last bucket', () => {
    expect(openTimeQuantile(noOpenTimes())).toBeNull();
    expect(openTimeQuantile(histogramOf([60_000, 60_000]))).toBe(25_600);
  });
});
