// `semver`'s own modules, not its index: the browser bundle then carries the range code alone, not
// the whole package (version arithmetic, coercion, the rest of its API).
import satisfies from 'semver/functions/satisfies.js';
import validRange from 'semver/ranges/valid.js';

/** The longest SDK range a bundle may declare: a range is a line in bundle.json, not a document. */
const SDK_RANGE_MAX_LENGTH = 200;

/**
 * Whether `range` is an SDK range a bundle may declare in bundle.json: an npm range (`^1.0.0`,
 * `1.0.0 - 1.9.0`, `>= 1.0.0`, `1.x || 2.x`), read as npm reads it. The service refuses to store a
 * bundle whose range is not one.
 */
export function isSdkRange(range: unknown): range is string {
  return typeof range === 'string' && range.length <= SDK_RANGE_MAX_LENGTH && validRange(range) !== null;
}

/**
 * Whether the shell's SDK `version` (x.y.z) satisfies the range a bundle declares. The publish check
 * and the browser, before it runs a bundle, ask this one function (decision 0080), so a bundle the
 * service accepted is never refused by the page for reading the range differently. A range that is not
 * one satisfies nothing: such a bundle is refused rather than run against an SDK it may not know.
 */
export function satisfiesSdkRange(version: string, range: string): boolean {
  return isSdkRange(range) && satisfies(version, range);
}
