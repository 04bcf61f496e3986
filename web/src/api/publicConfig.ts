import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@platform/schemas';
import { callService } from './apiClient.ts';

/** Runtime settings and top-level routes, fetched before anyone signs in. */
export const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'],
  queryFn: () => callService<PublicConfig>('/config', { signedIn: false }),
  staleTime: Infinity,
});
