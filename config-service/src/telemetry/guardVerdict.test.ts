import { describe, expect, it } from 'vitest';
import { guardVerdict, twoProportionZ, wilsonLowerBound } from './guardVerdict.ts';

const limits = { maxErrorRate: 0.05, minOpens: 20 };
const none = { opens: 0, failures: 0 };

describe('the guard rule', () => {
  it('judges nothing before the pilot has minOpens opens, however many failed', () => {
    expect(guardVerdict({ opens: 19, failures: 19 }, none, limits)).toBe('too-few-opens');
    expect(guardVerdict({ opens: 20, failures: 20 }, none, limits)).toBe('failing');
  });

  it('ends a pilot whose bundle fails every time, and keeps one that never fails', () => {
    expect(guardVerdict({ opens: 20, failures: 20 }, { opens: 500, failures: 2 }, limits)).toBe('failing');
    expect(guardVerdict({ opens: 20, failures: 0 }, { opens: 500, failures: 2 }, limits)).toBe('healthy');
  });

  it('raises no alarm for a rate just over the line until the evidence is there', () => {
    // 2 of 20 is 10%, above 5%, but a healthy 5% bundle gives that often enough by chance.
    expect(guardVerdict({ opens: 20, failures: 2 }, none, limits)).toBe('healthy');
    expect(guardVerdict({ opens: 20, failures: 3 }, none, limits)).toBe('failing');
    // 6% over 400 opens is still within chance of 5%; 7% is not.
    expect(guardVerdict({ opens: 400, failures: 24 }, none, limits)).toBe('healthy');
    expect(guardVerdict({ opens: 400, failures: 28 }, none, limits)).toBe('failing');
  });

  it('keeps a pilot whose users fail as often as everyone else on the module', () => {
    expect(guardVerdict({ opens: 40, failures: 10 }, { opens: 200, failures: 50 }, limits)).toBe('healthy');
    // The same pilot beside a control that hardly fails.
    expect(guardVerdict({ opens: 40, failures: 10 }, { opens: 200, failures: 2 }, limits)).toBe('failing');
  });

  it('judges against the threshold alone while the control has too few opens to compare with', () => {
    expect(guardVerdict({ opens: 40, failures: 10 }, { opens: 10, failures: 5 }, limits)).toBe('failing');
  });

  it('computes the Wilson bound and the z statistic as the textbook does', () => {
    expect(wilsonLowerBound({ opens: 20, failures: 20 })).toBeCloseTo(0.8808, 3);
    expect(wilsonLowerBound(none)).toBe(0);
    expect(twoProportionZ({ opens: 100, failures: 20 }, { opens: 100, failures: 10 })).toBeCloseTo(1.98, 2);
    expect(twoProportionZ({ opens: 10, failures: 0 }, { opens: 10, failures: 0 })).toBe(0);
  });
});
