import type { ScreenHealth } from '@platform/schemas';
import type { ScreenReportGroup } from '../store/screenReportStore.ts';
import { addOpenTimes, noOpenTimes, openTimeQuantile } from './openTimeBuckets.ts';

/** One minute of a time series, as the chart draws it. */
export interface HealthPoint {
  minute: string;
  opens: number;
  failures: number;
  p75OpenMs: number | null;
}

/** The figures of some groups added up: opens (each shown or failed), failures, their rate and the p75 open time. */
export function screenHealth(groups: readonly ScreenReportGroup[]): ScreenHealth {
  let shown = 0;
  let loadFailures = 0;
  let renderFailures = 0;
  const openMs = noOpenTimes();
  for (const g of groups) {
    shown += g.shown;
    loadFailures += g.loadFailed;
    renderFailures += g.renderFailed;
    addOpenTimes(openMs, g.openMs);
  }
  const opens = shown + loadFailures + renderFailures;
  const failures = loadFailures + renderFailures;
  return { opens, failures, loadFailures, renderFailures, failureRate: opens ? failures / opens : null, p75OpenMs: openTimeQuantile(openMs) };
}

/** The groups a minute at a time, oldest first (minutes without reports left out). */
export function healthSeries(groups: readonly ScreenReportGroup[]): HealthPoint[] {
  const byMinute = new Map<string, ScreenReportGroup[]>();
  for (const g of groups) byMinute.set(g.minute, [...(byMinute.get(g.minute) ?? []), g]);
  return [...byMinute.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([minute, inMinute]) => {
      const health = screenHealth(inMinute);
      return { minute, opens: health.opens, failures: health.failures, p75OpenMs: health.p75OpenMs };
    });
}
