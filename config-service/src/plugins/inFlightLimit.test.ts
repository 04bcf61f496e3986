import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.ts';
import { InFlightLimit } from './inFlightLimit.ts';

const limit = (perUser: number, perProcess: number) => new InFlightLimit({ what: 'uploads', limits: { perUser, perProcess }, retryAfterS: 10 });
const refusal = (admit: () => unknown) => {
  try {
    admit();
  } catch (error) {
    if (isPlatformError(error)) return { status: error.status, limit: error.extensions?.limit };
    throw error;
  }
  return undefined;
};

describe('InFlightLimit', () => {
  it("refuses a caller past their own bound (429, limit user) without touching another's", () => {
    const uploads = limit(1, 10);
    uploads.admit('ann');
    expect(refusal(() => uploads.admit('ann'))).toEqual({ status: 429, limit: 'user' });
    expect(refusal(() => uploads.admit('ben'))).toBeUndefined();
    expect(uploads.total).toBe(2);
  });

  it('refuses anyone once the process holds its bound (429, limit process)', () => {
    const uploads = limit(5, 2);
    uploads.admit('ann');
    uploads.admit('ben');
    expect(refusal(() => uploads.admit('cat'))).toEqual({ status: 429, limit: 'process' });
  });

  it('frees a slot once however often it is released, and counts nothing past 0 as no bound', () => {
    const uploads = limit(1, 1);
    const release = uploads.admit('ann');
    release();
    release();
    expect(uploads.total).toBe(0);
    uploads.admit('ann');
    expect(refusal(() => uploads.admit('ben'))).toEqual({ status: 429, limit: 'process' });
    const open = limit(0, 0);
    for (let i = 0; i < 100; i++) open.admit('ann');
    expect(open.total).toBe(100);
  });
});
