import { useId } from 'react';
import { percent, runningRates, type HealthPoint, type RatePoint } from './healthSeries.ts';

const WIDTH = 600;
const HEIGHT = 180;
const LEFT = 44;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 24;
/** The tops the rate axis may have: the smallest that holds every point and the guard's line. */
const TOPS = [0.1, 0.2, 0.5, 1];

const clock = (at: number) => new Date(at).toISOString().slice(11, 16);

/**
 * The failure rate of a module's screens over the pilot's time, the pilot's users beside everyone
 * else's (issue 39), with the guard's line: an SVG drawn from the figures, no chart library. The two
 * lines differ in dash as well as colour; the SVG is one image with a text summary for a screen
 * reader, and the same figures are in the table beside it.
 */
export function HealthChart({
  pilot,
  control,
  startedAt,
  until,
  maxErrorRate,
  summary,
}: {
  pilot: readonly HealthPoint[];
  control: readonly HealthPoint[];
  /** ISO 8601: where the time axis starts. */
  startedAt: string;
  /** Where it ends (ms since the epoch): now, for a pilot running. */
  until: number;
  maxErrorRate: number | null;
  /** The figures in words, for whoever cannot see the lines. */
  summary: string;
}) {
  const id = useId();
  const lines = { pilot: runningRates(pilot), control: runningRates(control) };
  const from = Date.parse(startedAt);
  const last = Math.max(until, ...[...lines.pilot, ...lines.control].map((p) => p.at));
  const to = Math.max(last, from + 60_000);
  const highest = Math.max(maxErrorRate ?? 0, ...[...lines.pilot, ...lines.control].map((p) => p.rate));
  const top = TOPS.find((t) => t >= highest) ?? 1;
  const x = (at: number) => LEFT + ((at - from) / (to - from)) * (WIDTH - LEFT - RIGHT);
  const y = (rate: number) => TOP + (1 - rate / top) * (HEIGHT - TOP - BOTTOM);
  const path = (points: RatePoint[]) => points.map((p) => `${x(p.at).toFixed(1)},${y(p.rate).toFixed(1)}`).join(' ');

  return (
    <figure className="health-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>Failure rate since the pilot began</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, top / 2, top].map((rate) => (
          <g key={rate} className="axis">
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(rate)} y2={y(rate)} />
            <text x={LEFT - 6} y={y(rate) + 4} textAnchor="end">
              {percent(rate)}
            </text>
          </g>
        ))}
        <text className="axis" x={LEFT} y={HEIGHT - 6}>
          {clock(from)}
        </text>
        <text className="axis" x={WIDTH - RIGHT} y={HEIGHT - 6} textAnchor="end">
          {clock(to)}
        </text>
        {maxErrorRate !== null && <line className="guard-line" x1={LEFT} x2={WIDTH - RIGHT} y1={y(maxErrorRate)} y2={y(maxErrorRate)} />}
        <polyline className="control-line" points={path(lines.control)} />
        <polyline className="pilot-line" points={path(lines.pilot)} />
        {lines.pilot.map((p) => (
          <circle key={p.at} className="pilot-line" cx={x(p.at)} cy={y(p.rate)} r={3} />
        ))}
      </svg>
      <figcaption>
        <span className="key pilot-key">Pilot&apos;s users</span> <span className="key control-key">Everyone else</span>
        {maxErrorRate !== null && <span className="key guard-key">Guard at {percent(maxErrorRate)}</span>}
        <span className="muted"> Failures over opens so far, by minute (UTC).</span>
      </figcaption>
    </figure>
  );
}
