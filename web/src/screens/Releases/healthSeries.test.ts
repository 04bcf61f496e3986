import { describe, expect, it } from 'vitest';
import { minuteRows, percent, runningRates } from './healthSeries.ts';

const at = (minute: number) => `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`;
const point = (minute: number, opens: number, failures: number) => ({ minute: at(minute), opens, failures, p75OpenMs: null });

describe('runningRates', () => {
  it('gives the failures so far over the opens so far, minute by minute, in time order', () => {
    expect(runningRates([point(2, 2, 2), point(0, 4, 0), point(1, 0, 0)])).toEqual([
      { at: Date.parse(at(0)), rate: 0 },
      { at: Date.parse(at(2)), rate: 2 / 6 },
    ]);
  });

  it('has no point before the first open', () => {
    expect(runningRates([point(0, 0, 0)])).toEqual([]);
  });
});

describe('minuteRows', () => {
  it('puts the two groups side by side at each minute either has', () => {
    const rows = minuteRows([point(1, 3, 1)], [point(0, 5, 0), point(1, 2, 0)]);
    expect(rows.map((r) => [r.minute, r.pilot?.opens, r.control?.opens])).toEqual([
      [at(0), undefined, 5],
      [at(1), 3, 2],
    ]);
  });
});

describe('percent', () => {
  it('rounds a share to a percentage people read', () => {
    expect([percent(0.05), percent(1 / 30), percent(0.5), percent(1), percent(0), percent(null)]).toEqual(['5%', '3.3%', '50%', '100%', '0%', '–']);
  });
});
