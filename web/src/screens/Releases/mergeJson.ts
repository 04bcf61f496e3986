import { escapePointerSegment } from '@platform/schemas';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Three-way merge of JSON values: `mine` and `theirs` both started from `base`. What only one side
 * changed is taken from that side, objects both changed are merged key by key, and anything else both
 * changed (a value, an array such as a route list) keeps mine, its JSON pointer added to `conflicts`.
 * Undefined is "absent".
 */
export function mergeJson(base: unknown, mine: unknown, theirs: unknown, conflicts: string[] = [], pointer = ''): unknown {
  if (same(mine, base)) return theirs;
  if (same(theirs, base) || same(mine, theirs)) return mine;
  if (isObject(mine) && isObject(theirs)) {
    const from = isObject(base) ? base : {};
    const merged: Record<string, unknown> = {};
    for (const key of [...new Set([...Object.keys(theirs), ...Object.keys(mine)])]) {
      const value = mergeJson(from[key], mine[key], theirs[key], conflicts, `${pointer}/${escapePointerSegment(key)}`);
      if (value !== undefined) merged[key] = value;
    }
    return merged;
  }
  conflicts.push(pointer);
  return mine;
}
