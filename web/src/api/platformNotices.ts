import { queryOptions } from '@tanstack/react-query';
import type { PlatformNotices } from '@platform/schemas';
import { callService } from './apiClient.ts';
import { RELEASES_KEY } from './releaseKeys.ts';

/**
 * What the platform did that staff should know of (decision 0094): the pilots a guard ended. Staff only.
 * Under the releases' key, so a release step heard on the event stream (a guard ending a pilot) refreshes it.
 */
export const platformNoticesQuery = queryOptions({
  queryKey: [...RELEASES_KEY, 'notices'],
  queryFn: () => callService<PlatformNotices>('/admin/notices'),
});
