import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTimeUtc } from './format.ts';

describe('dates', () => {
  it('shows DD-MMM-YYYY and a full UTC variant', () => {
    expect(formatDate('2026-03-01T12:00:00Z')).toBe('01-Mar-2026');
    expect(formatDateTimeUtc('2026-11-23T07:05:09.123Z')).toBe('23-Nov-2026 07:05:09 UTC');
    expect(formatDateTimeUtc(new Date(Date.UTC(2024, 1, 29, 23, 59, 59)))).toBe('29-Feb-2024 23:59:59 UTC');
  });

  it('takes dates as the APIs send them, and epoch milliseconds', () => {
    expect(formatDate('2026-03-01')).toBe('01-Mar-2026');
    expect(formatDateTimeUtc('2026-03-01T10:00:00+02:00')).toBe('01-Mar-2026 08:00:00 UTC');
    expect(formatDateTimeUtc(Date.UTC(2026, 0, 2, 3, 4, 5))).toBe('02-Jan-2026 03:04:05 UTC');
  });

  it.each([['not a date'], [''], [null], [undefined], [Number.NaN], ['2026-02-31'], ['2026-13-01'], ['0'], ['Nov 5'], ['2026-02-29T00:00:00Z']])(
    'shows %s as a dash',
    (input) => {
      expect(formatDate(input as string)).toBe('-');
      expect(formatDateTimeUtc(input as string)).toBe('-');
    },
  );
});

describe('byte sizes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_482_113, '1.41 MB'],
    [1024 ** 3 * 5.25, '5.25 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [0.5, '0.5 Bytes'],
    [1_048_575, '1 MB'],
    [1024 ** 2 - 1, '1 MB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('takes the number of decimals', () => {
    expect(formatBytes(1536, 0)).toBe('2 KB');
    expect(formatBytes(1_482_113, 3)).toBe('1.413 MB');
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null]])('shows %s as a dash', (bytes) => {
    expect(formatBytes(bytes)).toBe('-');
  });
});
