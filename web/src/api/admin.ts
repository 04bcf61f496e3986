import { queryOptions } from '@tanstack/react-query';
import type { AdminModuleList, AdminPreview, AdminPreviewRequest } from '@platform/schemas';
import { authorization } from './authorization.ts';
import { getJson, postJson } from './http.ts';

/** Modules with exposure and validation status (staff only). Polled, so a refused edit shows up unasked. */
export const adminModulesQuery = queryOptions({
  queryKey: ['admin', 'modules'],
  queryFn: async () => getJson<AdminModuleList>('/api/v1/admin/modules', await authorization()),
  refetchInterval: 5_000,
  refetchOnWindowFocus: true,
});

/** A dry run of the manifest some claims would receive. */
export async function previewManifest(request: AdminPreviewRequest): Promise<AdminPreview> {
  return postJson<AdminPreview>('/api/v1/admin/preview', request, await authorization());
}
