import { useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@platform/schemas';
import { useEffect, useSyncExternalStore } from 'react';
import { notificationsQuery } from '../api/main.ts';
import { markSeen, seenUpTo, subscribeToSeen, unreadCount } from '../selection/notificationsSeen.ts';
import { useCustomerId } from './useCustomerId.ts';
import { useCustomerScope } from './useCustomerScope.ts';
import { useUserManifest } from './useUserManifest.ts';

/**
 * How many of the customer's notifications (in the selected site groups, as the list shows them)
 * arrived since the user last opened the list; undefined while unknown or with no customer in context.
 */
export function useUnreadNotifications(): number | undefined {
  const sub = useUserManifest().data?.user.sub;
  const { client, customerId, selected, enabled } = useCustomerScope();
  const seen = useSyncExternalStore(subscribeToSeen, () => (sub && customerId ? seenUpTo(sub, customerId) : null));
  const notifications = useQuery({ ...notificationsQuery(client!, customerId ?? '', selected), enabled: enabled && sub !== undefined });
  return notifications.data ? unreadCount(notifications.data.notifications, seen) : undefined;
}

/** The user is looking at these notifications: they count as read from now on. */
export function useMarkNotificationsSeen(notifications: NotificationList['notifications'] | undefined): void {
  const sub = useUserManifest().data?.user.sub;
  const customerId = useCustomerId();
  useEffect(() => {
    if (sub && customerId && notifications) markSeen(sub, customerId, notifications);
  }, [sub, customerId, notifications]);
}
