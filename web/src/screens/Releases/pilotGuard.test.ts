import { describe, expect, it } from 'vitest';
import { readGuard } from './pilotGuard.ts';

describe('readGuard', () => {
  it('reads both fields empty as no guard', () => {
    expect(readGuard({ ratePercent: ' ', minOpens: '' })).toEqual({ guard: null });
  });

  it('turns the percentage into the share the service takes', () => {
    expect(readGuard({ ratePercent: '5', minOpens: '20' })).toEqual({ guard: { maxErrorRate: 0.05, minOpens: 20 } });
    expect(readGuard({ ratePercent: '2.5', minOpens: '5' })).toEqual({ guard: { maxErrorRate: 0.025, minOpens: 5 } });
  });

  it('asks for the other field when only one is given', () => {
    expect(readGuard({ ratePercent: '5', minOpens: '' })).toEqual({
      rateError: undefined,
      opensError: 'Give the fewest opens too, or leave both empty for no guard.',
    });
    expect(readGuard({ ratePercent: '', minOpens: '20' })).toMatchObject({ rateError: 'Give the highest failure rate too, or leave both empty for no guard.' });
  });

  it('refuses what the service would: no rate of 0 or above 50%, no fewer than 5 opens or a part of one', () => {
    expect(readGuard({ ratePercent: '0', minOpens: '20' })).toMatchObject({ rateError: 'A failure rate above 0 and at most 50%.' });
    expect(readGuard({ ratePercent: '60', minOpens: '20' })).toMatchObject({ rateError: 'A failure rate above 0 and at most 50%.' });
    expect(readGuard({ ratePercent: 'five', minOpens: '20' })).toMatchObject({ rateError: 'A failure rate above 0 and at most 50%.' });
    expect(readGuard({ ratePercent: '5', minOpens: '4' })).toMatchObject({ opensError: 'A whole number of at least 5.' });
    expect(readGuard({ ratePercent: '5', minOpens: '7.5' })).toMatchObject({ opensError: 'A whole number of at least 5.' });
  });
});
