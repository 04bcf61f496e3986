import type { PilotGuard } from '../../api/releases.ts';

/** The service's bounds (release-pilot.schema.json): a guard needs a sample, and a rate above one in two guards nothing. */
export const MIN_OPENS = 5;
export const MAX_RATE_PERCENT = 50;

export type GuardInput = { ratePercent: string; minOpens: string };
export type GuardReading =
  | { guard: PilotGuard | null; rateError?: undefined; opensError?: undefined }
  | { guard?: undefined; rateError?: string; opensError?: string };

/**
 * The pilot form's guard fields, read: both empty is no guard; the rate is a percentage in the form
 * (5 for one in twenty) and a share in the request (0.05).
 */
export function readGuard({ ratePercent, minOpens }: GuardInput): GuardReading {
  const rateText = ratePercent.trim();
  const opensText = minOpens.trim();
  if (!rateText && !opensText) return { guard: null };
  const rate = Number(rateText);
  const opens = Number(opensText);
  const rateError = !rateText
    ? 'Give the highest failure rate too, or leave both empty for no guard.'
    : !(rate > 0 && rate <= MAX_RATE_PERCENT)
      ? `A failure rate above 0 and at most ${MAX_RATE_PERCENT}%.`
      : undefined;
  const opensError = !opensText
    ? 'Give the fewest opens too, or leave both empty for no guard.'
    : !(Number.isInteger(opens) && opens >= MIN_OPENS)
      ? `A whole number of at least ${MIN_OPENS}.`
      : undefined;
  if (rateError || opensError) return { rateError, opensError };
  // Rounded as the share it stands for: 2.5% is 0.025, not 0.025000000000000001.
  return { guard: { maxErrorRate: Number((rate / 100).toPrecision(12)), minOpens: opens } };
}
