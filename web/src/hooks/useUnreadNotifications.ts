import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList, NotificationReads } from '@platform/schemas';
import { useEffect, useRef } from 'react';
import { notificationsQuery } from '../api/main.ts';
import { markNotificationsRead, notificationReadsQuery } from '../api/notificationReads.ts';
import { dropLegacySeen, legacyReadIds } from '../selection/legacyNotificationsSeen.ts';
import { useCustomerScope } from './useCustomerScope.ts';
import { usePlatformNotices } from './usePlatformNotices.ts';
import { useUserManifest } from './useUserManifest.ts';

type Notifications = NotificationList['notifications'];

/** The user's read marks from the service, and a way to add to them that shows at once. */
function useReadMarks(sub: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  const reads = useQuery({ ...notificationReadsQuery(sub ?? ''), enabled: enabled && sub !== undefined });
  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (ids: readonly string[]) => {
      // Counted read at once (the badge drops as the list opens), then checked against the service.
      const key = notificationReadsQuery(sub ?? '').queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NotificationReads>(key, (old) => ({ ids: [...new Set([...ids, ...(old?.ids ?? [])])] }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationReadsQuery(sub ?? '').queryKey }),
  });
  return { reads, mark };
}

/**
 * Sends up once what this browser had recorded as read before the service kept read marks, then
 * forgets it (decision 0075): the user's other devices see those read too from then on.
 */
function useLegacySeenMigration(
  sub: string | undefined,
  customerId: string | null,
  notifications: Notifications | undefined,
  mark: (ids: string[]) => Promise<void>,
) {
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!sub || !customerId || !notifications) return;
    const ids = legacyReadIds(sub, customerId, notifications);
    const which = `${sub} ${customerId}`;
    if (ids === null || started.current === which) return;
    started.current = which;
    // Dropped only once the service has them: a failed send is tried again on the next page load.
    (ids.length ? mark(ids) : Promise.resolve()).then(() => dropLegacySeen(sub, customerId)).catch(() => undefined);
  }, [sub, customerId, notifications, mark]);
}

/**
 * How many of the customer's notifications (in the selected site groups, as the list shows them) and,
 * for staff, of the platform's notices (decision 0094) the user has not read on any device; undefined
 * while unknown, or with neither a customer in context nor notices to count.
 */
export function useUnreadNotifications(): number | undefined {
  const sub = useUserManifest().data?.user.sub;
  const { client, customerId, selected, enabled } = useCustomerScope();
  const notifications = useQuery({ ...notificationsQuery(client, customerId ?? '', selected), enabled: enabled && sub !== undefined });
  const { staff, notices } = usePlatformNotices();
  const { reads, mark } = useReadMarks(sub, enabled || staff);
  useLegacySeenMigration(sub, customerId, notifications.data?.notifications, mark.mutateAsync);
  if (!reads.data || (!enabled && !staff)) return undefined;
  const read = new Set(reads.data.ids);
  const unread = (items: readonly { id: string }[]) => items.filter((n) => !read.has(n.id)).length;
  if (enabled && !notifications.data) return undefined;
  // Notices the service cannot give count none: the customer's notifications are still counted.
  if (staff && notices.isPending) return undefined;
  return (notifications.data ? unread(notifications.data.notifications) : 0) + (notices.data ? unread(notices.data.notices) : 0);
}

/** The user is looking at these notifications (or platform notices): they count as read from now on, on every device. */
export function useMarkNotificationsSeen(notifications: readonly { id: string }[] | undefined): void {
  const sub = useUserManifest().data?.user.sub;
  const { reads, mark } = useReadMarks(sub, notifications !== undefined);
  // Each id is sent once per visit: a service that keeps refusing is not asked again in a loop.
  const sent = useRef(new Set<string>());
  const { mutate } = mark;
  useEffect(() => {
    if (!notifications || !reads.data) return;
    const read = new Set(reads.data.ids);
    const unread = notifications.map((n) => n.id).filter((id) => !read.has(id) && !sent.current.has(id));
    if (unread.length === 0) return;
    for (const id of unread) sent.current.add(id);
    mutate(unread);
  }, [notifications, reads.data, mutate]);
}
