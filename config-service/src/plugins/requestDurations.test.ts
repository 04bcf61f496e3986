import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './requestDurations.ts';

const BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** The lines of one metric, sorted: the order of series and of labels within a line is not the format's concern. */
const lines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds'))
    .map((line) => line.replace(/\{(.*)\}/, (_, labels: string) => `{${labels.split(',').sort().join(',')}}`))
    .sort();

describe('RequestDurations', () => {
  it("scrapes exactly as prom-client's own histogram with the same observations", async () => {
    const ours = new Registry();
    const durations = new RequestDurations(BOUNDS);
    ours.registerMetric(durations.asMetric());
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: durations.help,
      labelNames: ['method', 'route', 'status_code'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    const observations: [string, string, number, number][] = [
      ['GET', '/api/v1/manifest', 200, 0.0004],
      ['GET', '/api/v1/manifest', 200, 0.005],
      ['GET', '/api/v1/manifest', 304, 0.02],
      ['PUT', '/api/v1/customers/:customerId/modules/:moduleKey', 409, 0.3],
      ['GET', 'unmatched', 404, 7.5],
    ];
    for (const [method, route, status, seconds] of observations) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    const [text, expected] = [await ours.metrics(), await theirs.metrics()];
    expect(lines(text)).toEqual(lines(expected));
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // Over the last bound: counted in +Inf only.
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{[^}]*le="5"[^}]*route="unmatched"[^}]*\} 0$|^http_request_duration_seconds_bucket\{[^}]*route="unmatched"[^}]*le="5"[^}]*\} 0$/m,
    );
  });

  it('starts again from nothing when reset', async () => {
    const registry = new Registry();
    const durations = new RequestDurations(BOUNDS);
    registry.registerMetric(durations.asMetric());
    durations.observe('GET', '/healthz', 200, 0.001);
    registry.resetMetrics();
    expect(lines(await registry.metrics())).toEqual([]);
  });
});
