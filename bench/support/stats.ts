// Small statistics for benchmark figures: order statistics and a least-squares line.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  // Nearest rank: the p-th percentile is a value that was observed, never an interpolation.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export interface LinearFit {
  slope: number;
  intercept: number;
  /** Share of the variance the line explains: near 1 means the growth is linear. */
  r2: number;
}

/** The least-squares line through (x, y) points. */
export function linearFit(points: ReadonlyArray<readonly [number, number]>): LinearFit {
  const n = points.length;
  if (n < 2) throw new Error('a line needs at least two points');
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  if (sxx === 0) throw new Error('a line needs at least two different x values');
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

/** A number as a table shows it: three significant digits, thousands grouped. */
export function fmt(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return String(value);
  if (Math.abs(value) >= 10 ** digits) return Math.round(value).toLocaleString('en-US');
  return Number(value.toPrecision(digits)).toLocaleString('en-US', { maximumSignificantDigits: digits });
}

/** A Markdown table from a header row and body rows. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string[] {
  const cell = (v: string | number) => (typeof v === 'number' ? fmt(v) : v);
  return [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)];
}
