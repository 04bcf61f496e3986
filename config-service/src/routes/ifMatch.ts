import { PlatformError } from '../errors.ts';

interface IfMatchRule<T> {
  /** What to send, said when the header is missing. */
  missing: string;
  /** The tag expected, with an example: "the ETag you read (e.g. "3")". */
  expected: string;
  /** The value a quoted tag names; undefined when it is not one of this resource's. */
  read: (value: string) => T | undefined;
}

/**
 * The one entity tag an If-Match header names, as `rule` reads it. Required (428 without it), and it
 * must name one: `*` would let a writer overwrite whatever is there unseen, which is what the header
 * exists to prevent. A list of tags takes the first; weak tags never match a strong comparison and are refused.
 */
export function ifMatch<T>(header: string | undefined, rule: IfMatchRule<T>): T {
  if (header === undefined || header.trim() === '') throw new PlatformError('CFG_ERR_PRECONDITION_REQUIRED', rule.missing);
  const tag = header.split(',')[0]!.trim();
  const quoted = /^"([^"]*)"$/.exec(tag)?.[1];
  const value = quoted === undefined ? undefined : rule.read(quoted);
  if (value === undefined) {
    throw new PlatformError(
      'CFG_ERR_PRECONDITION_REQUIRED',
      `If-Match must be ${rule.expected}, got ${tag === '*' ? "'*', which would overwrite unseen changes" : `'${tag.slice(0, 40)}'`}`,
    );
  }
  return value;
}
