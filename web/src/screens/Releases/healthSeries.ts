import type { PilotHealth } from '@platform/schemas';

/** One minute's figures of a group (screen-health.schema.json#/$defs/point). */
export type HealthPoint = PilotHealth['modules'][number]['series']['pilot'][number];

/** Where the chart draws a group at a minute: its failure rate over every open since the pilot began. */
export interface RatePoint {
  at: number;
  rate: number;
}

/**
 * A group's failure rate as it stood after each minute with opens: the failures so far over the opens
 * so far, the figure the guard judges. A minute's own rate jumps between 0 and 100% on a handful of
 * opens; the running one settles, and is comparable with the guard's line.
 */
export function runningRates(series: readonly HealthPoint[]): RatePoint[] {
  let opens = 0;
  let failures = 0;
  const points: RatePoint[] = [];
  for (const point of [...series].sort((a, b) => Date.parse(a.minute) - Date.parse(b.minute))) {
    opens += point.opens;
    failures += point.failures;
    if (opens > 0 && point.opens > 0) points.push({ at: Date.parse(point.minute), rate: failures / opens });
  }
  return points;
}

/** A row of the minute-by-minute table: both groups at one minute, either absent when it had no report. */
export interface MinuteRow {
  minute: string;
  pilot: HealthPoint | undefined;
  control: HealthPoint | undefined;
}

/** The minutes either group has figures for, oldest first, the two side by side. */
export function minuteRows(pilot: readonly HealthPoint[], control: readonly HealthPoint[]): MinuteRow[] {
  const rows = new Map<string, MinuteRow>();
  const row = (minute: string) => rows.get(minute) ?? rows.set(minute, { minute, pilot: undefined, control: undefined }).get(minute)!;
  for (const point of pilot) row(point.minute).pilot = point;
  for (const point of control) row(point.minute).control = point;
  return [...rows.values()].sort((a, b) => Date.parse(a.minute) - Date.parse(b.minute));
}

/** A share as a percentage for people: 0.05 → "5%", 0.0333 → "3.3%"; a dash for none. */
export function percent(share: number | null | undefined): string {
  if (share === null || share === undefined) return '–';
  const value = share * 100;
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)}%`;
}
