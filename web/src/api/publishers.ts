import { queryOptions } from '@tanstack/react-query';
import type { Publisher, PublisherCreate, PublisherList } from '@platform/schemas';
import { callService } from './apiClient.ts';

/** The trusted publishers registered and not revoked (staff only, issue 38). */
export const publishersQuery = queryOptions({
  queryKey: ['admin', 'publishers'],
  queryFn: () => callService<PublisherList>('/admin/publishers'),
});

/** Registers a module team's CI as a trusted publisher of `modules`. */
export function addPublisher(publisher: PublisherCreate): Promise<Publisher> {
  return callService<Publisher>('/admin/publishers', { method: 'POST', body: publisher });
}

/** Revokes a publisher: its CI's tokens are exchanged no more, and its publish tokens are refused. */
export function revokePublisher({ id, reason }: { id: string; reason: string }): Promise<Publisher> {
  return callService<Publisher>(`/admin/publishers/${encodeURIComponent(id)}`, { method: 'DELETE', body: { reason } });
}
