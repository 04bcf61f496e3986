import { createHash } from 'node:crypto';
import { LEGACY_RELEASE_ID_DIGITS, RELEASE_ID_DIGITS } from '@platform/schemas';

/**
 * JSON with every object's keys in code-point order and no whitespace: two manifest sets that differ
 * only in formatting or key order are the same content, so they are the same release.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/**
 * A release's id: the first 32 hex digits (128 bits) of the SHA-256 of its files' canonical JSON, files
 * by name. 12 digits (48 bits) were too few: a second manifest set with the id of another can be
 * searched for in hours, and the id is what a rollback, a pilot and a replica trust.
 */
export function releaseId(files: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(canonicalJson(files)).digest('hex').slice(0, RELEASE_ID_DIGITS);
}

/**
 * Whether a stored release's id is the id of content whose id, made now, is `contentId`: the same, or
 * for a release stored before ids grew, its first 12 digits (both are prefixes of one SHA-256).
 */
export function idOfContent(storedId: string, contentId: string): boolean {
  return storedId === contentId || (storedId.length === LEGACY_RELEASE_ID_DIGITS && contentId.startsWith(storedId));
}

/** The id a release of this content had before ids grew: where a stored copy of it may already be. */
export const legacyIdOf = (contentId: string): string => contentId.slice(0, LEGACY_RELEASE_ID_DIGITS);
