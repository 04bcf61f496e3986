import { isReleaseId } from '@platform/schemas';
import { ifMatch } from '../ifMatch.ts';

/** The active release an If-Match header names (428 without one, or with anything but one release's tag). */
export const ifMatchRelease = (header: string | undefined): string =>
  ifMatch(header, {
    missing: 'send If-Match with the active release you saw (the ETag of GET /api/v1/admin/releases), so a step taken meanwhile is not overwritten',
    expected: `the active release's ETag (e.g. "0123456789abcdef0123456789abcdef")`,
    read: (id) => (isReleaseId(id) ? id : undefined),
  });
