import { PlatformError } from '../../errors.ts';

/** A switch's entity tag: its version, which every write increments. */
export const entityTag = (version: number) => `"${version}"`;

/**
 * The version an If-Match header names. Required (428 without it), and it must name one version: `*`
 * would let a writer overwrite whatever is there unseen, which is what the header exists to prevent.
 * A list of tags takes the first; weak tags never match a strong comparison and are refused.
 */
export function ifMatchVersion(header: string | undefined): number {
  if (header === undefined || header.trim() === '') {
    throw new PlatformError('CFG_ERR_PRECONDITION_REQUIRED', 'send If-Match with the ETag you read, so a change made meanwhile is not overwritten');
  }
  const tag = header.split(',')[0]!.trim();
  const match = /^"(\d{1,9})"$/.exec(tag);
  if (!match) {
    throw new PlatformError(
      'CFG_ERR_PRECONDITION_REQUIRED',
      `If-Match must be the ETag you read (e.g. "3"), got ${tag === '*' ? "'*', which would overwrite unseen changes" : `'${tag.slice(0, 40)}'`}`,
    );
  }
  return Number(match[1]);
}
