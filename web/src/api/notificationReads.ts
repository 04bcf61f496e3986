import { queryOptions } from '@tanstack/react-query';
import type { NotificationReads } from '@platform/schemas';
import { callService } from './apiClient.ts';

/** How many ids the service takes in one request (notification-read-marks.schema.json). */
const IDS_PER_REQUEST = 100;

/** The notifications the signed-in user (`sub`, for the key) has read, on any device (decision 0075). */
export const notificationReadsQuery = (sub: string) =>
  queryOptions({
    // By user: a second person signing in on this browser never sees the first one's marks, even for a moment.
    queryKey: ['notifications', 'read', sub],
    queryFn: () => callService<NotificationReads>('/notifications/read'),
  });

/** Marks notifications read for the signed-in user, a request per 100 ids. */
export async function markNotificationsRead(ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IDS_PER_REQUEST) {
    await callService<void>('/notifications/read', { method: 'PUT', body: { ids: ids.slice(start, start + IDS_PER_REQUEST) } });
  }
}
