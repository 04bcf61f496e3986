import { queryOptions } from '@tanstack/react-query';
import type { AdminModuleList, AdminPreview, AdminPreviewRequest } from '@platform/schemas';
import { callService } from './apiClient.ts';

/** Modules with exposure and validation status (staff only). Polled, so a refused edit shows up unasked. */
export const adminModulesQuery = queryOptions({
  queryKey: ['admin', 'modules'],
  queryFn: () => callService<AdminModuleList>('/admin/modules'),
  refetchInterval: 5_000,
  refetchOnWindowFocus: true,
});

/** A dry run of the manifest some claims would receive. */
export function previewManifest(request: AdminPreviewRequest): Promise<AdminPreview> {
  return callService<AdminPreview>('/admin/preview', { method: 'POST', body: request });
}
