import { createHash } from 'node:crypto';

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

/** A release's id: the first 12 hex digits of the SHA-256 of its files' canonical JSON, files by name. */
export function releaseId(files: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(canonicalJson(files)).digest('hex').slice(0, 12);
}
