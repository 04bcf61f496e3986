import { queryOptions } from '@tanstack/react-query';
import type { PublicConfig } from '@platform/schemas';
import { getJson } from './http.ts';

/** Runtime settings and top-level routes, fetched before anyone signs in. */
export const publicConfigQuery = queryOptions({
  queryKey: ['publicConfig'],
  queryFn: () => getJson<PublicConfig>('/api/v1/config'),
  staleTime: Infinity,
});
