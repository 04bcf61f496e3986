import { isReleaseId } from '@platform/schemas';
import { PlatformError } from '../../errors.ts';

/** The release state's entity tag: the active release's id. */
export const releaseTag = (active: string) => `"${active}"`;

/**
 * The active release an If-Match header names. Required (428 without it), and it must name one
 * release: `*` would let a step overwrite whatever was activated meanwhile, unseen.
 */
export function ifMatchRelease(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw new PlatformError(
      'CFG_ERR_PRECONDITION_REQUIRED',
      'send If-Match with the active release you saw (the ETag of GET /api/v1/admin/releases), so a step taken meanwhile is not overwritten',
    );
  }
  const tag = header.split(',')[0]!.trim();
  const id = /^"([^"]*)"$/.exec(tag)?.[1];
  if (id === undefined || !isReleaseId(id)) {
    throw new PlatformError(
      'CFG_ERR_PRECONDITION_REQUIRED',
      `If-Match must be the active release's ETag (e.g. "0123456789abcdef0123456789abcdef"), got ${tag === '*' ? "'*', which would overwrite unseen changes" : `'${tag.slice(0, 40)}'`}`,
    );
  }
  return id;
}
