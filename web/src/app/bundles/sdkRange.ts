// Whether the shell's SDK version satisfies the range a bundle declares in bundle.json. The npm
// range forms a build tool writes: `^1.2.0`, `~1.2.0`, `1.x`, `1.2`, `*`, exact versions, comparators
// (`>=1.2.0 <2.0.0`) and `||`. Prerelease tags are ignored; a range in any other form satisfies
// nothing, so a bundle that declares one is refused rather than run against an SDK it may not know.

type Version = readonly [number, number, number];
/** Lower bound (inclusive) and upper bound (exclusive), or one exact version. */
type Bounds = { from?: Version; below?: Version } | { exactly: Version };

const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The numbers a version gives, in order, up to its first wildcard or missing part. */
function parts(text: string): number[] | undefined {
  const match = PARTIAL.exec(text);
  if (!match) return undefined;
  const given: number[] = [];
  for (const part of match.slice(1, 4)) {
    if (part === undefined || !/^\d+$/.test(part)) break;
    given.push(Number(part));
  }
  return given;
}

const fill = (given: readonly number[]): Version => [given[0] ?? 0, given[1] ?? 0, given[2] ?? 0];

/** The first version after every version `given` stands for (1.2 → 1.3.0); undefined for `*`. */
function after(given: readonly number[]): Version | undefined {
  if (given.length === 0) return undefined;
  const next = [...given];
  next[next.length - 1]! += 1;
  return fill(next);
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function comparator(text: string): Bounds | undefined {
  const [, operator = '', rest = ''] = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(text) ?? [];
  const given = parts(rest);
  if (!given) return undefined;
  switch (operator) {
    case '^': {
      // Up to the next change of the first non-zero part the range names.
      const firstNonZero = given.findIndex((n) => n !== 0);
      const keep = firstNonZero === -1 ? given.length : firstNonZero + 1;
      return { from: fill(given), below: after(given.slice(0, Math.max(1, keep))) };
    }
    case '~':
      return { from: fill(given), below: after(given.slice(0, Math.max(1, Math.min(2, given.length)))) };
    case '>=':
      return { from: fill(given) };
    case '<':
      return given.length ? { below: fill(given) } : { below: [0, 0, 0] };
    case '>':
      return given.length ? { from: after(given) } : { below: [0, 0, 0] };
    case '<=':
      return { below: after(given) };
    default:
      return given.length === 3 ? { exactly: fill(given) } : { from: fill(given), below: after(given) };
  }
}

function within(version: Version, bounds: Bounds): boolean {
  if ('exactly' in bounds) return compare(version, bounds.exactly) === 0;
  return (!bounds.from || compare(version, bounds.from) >= 0) && (!bounds.below || compare(version, bounds.below) < 0);
}

/** Whether `version` (the shell's SDK, x.y.z) satisfies the npm range `range`. */
export function satisfiesRange(version: string, range: string): boolean {
  const given = parts(version);
  if (given?.length !== 3) return false;
  const v = fill(given);
  return range.split('||').some((set) => {
    const comparators = set.trim().split(/\s+/).filter(Boolean);
    const bounds = comparators.length ? comparators.map(comparator) : [{}];
    return bounds.every((b) => b !== undefined && within(v, b));
  });
}
