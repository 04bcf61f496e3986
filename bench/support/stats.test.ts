import { describe, expect, it } from 'vitest';
import { fmt, linearFit, median, percentile, table } from './stats.ts';

describe('percentile', () => {
  it('answers an observed value by nearest rank, whatever the order given', () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(median(values)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 90)).toBe(9);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('linearFit', () => {
  it('finds the line through points on a line, explaining all of it', () => {
    const fit = linearFit([
      [0, 3],
      [10, 8],
      [20, 13],
    ]);
    expect(fit.slope).toBeCloseTo(0.5);
    expect(fit.intercept).toBeCloseTo(3);
    expect(fit.r2).toBeCloseTo(1);
  });

  it('explains a quadratic curve less well than a line', () => {
    const fit = linearFit([1, 2, 3, 4, 5, 6].map((x) => [x, x ** 4] as const));
    expect(fit.r2).toBeLessThan(0.9);
  });

  it('refuses points that cannot make a line', () => {
    expect(() => linearFit([[1, 1]])).toThrow(/two points/);
    expect(() =>
      linearFit([
        [1, 1],
        [1, 2],
      ]),
    ).toThrow(/different x/);
  });
});

describe('fmt and table', () => {
  it('shows three significant digits and groups thousands', () => {
    expect(fmt(0.123456)).toBe('0.123');
    expect(fmt(12345.6)).toBe('12,346');
    expect(table(['a', 'b'], [[1.23456, 'x']])).toEqual(['| a | b |', '| --- | --- |', '| 1.23 | x |']);
  });
});
