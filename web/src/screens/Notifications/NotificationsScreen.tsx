import { useQuery } from '@tanstack/react-query';
import type { NotificationList } from '@platform/schemas';
import { notificationsQuery } from '../../api/main.ts';
import { useCustomerScope } from '../../hooks/useCustomerScope.ts';
import { usePlatformNotices } from '../../hooks/usePlatformNotices.ts';
import { useMarkNotificationsSeen } from '../../hooks/useUnreadNotifications.ts';
import { formatDate, formatDateTimeUtc } from '../../ui/format.ts';
import type { ScreenProps } from '../screenProps.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { NeedsCustomer } from '../shared/NeedsCustomer.tsx';
import { SiteGroupFilterNote } from '../shared/SiteGroupFilterNote.tsx';
import { PlatformNoticeItems } from './PlatformNoticeItems.tsx';

type Notification = NotificationList['notifications'][number];

/** /notifications: what happened at the customer's sites, newest first, in the selected site groups; for staff, the platform's notices above. */
export function NotificationsScreen({ title }: ScreenProps) {
  const { client, customerId, staff, selected, enabled, groupName } = useCustomerScope();
  const notifications = useQuery({ ...notificationsQuery(client, customerId ?? '', selected), enabled });
  useMarkNotificationsSeen(notifications.data?.notifications);
  // Staff's platform notices (decision 0094) come first, whatever customer is in context; read as shown.
  const { notices } = usePlatformNotices();
  useMarkNotificationsSeen(notices.data?.notices);

  return (
    <article className="screen">
      <h1>{title}</h1>
      {notices.error && <LoadState what="the platform's notices" error={notices.error} onRetry={() => void notices.refetch()} />}
      {notices.data?.notices.length ? <PlatformNoticeItems items={notices.data.notices} /> : null}
      {!customerId ? (
        <NeedsCustomer staff={staff} what="notifications" />
      ) : !notifications.data ? (
        <LoadState what="the notifications" error={notifications.error} onRetry={() => void notifications.refetch()} />
      ) : (
        <>
          <SiteGroupFilterNote selected={selected.map(groupName)} />
          {notifications.data.notifications.length === 0 ? (
            <EmptyState>{selected.length ? 'No notifications in the selected site groups.' : 'No notifications.'}</EmptyState>
          ) : (
            <NotificationItems items={notifications.data.notifications} groupName={groupName} />
          )}
        </>
      )}
    </article>
  );
}

export function NotificationItems({ items, groupName }: { items: readonly Notification[]; groupName: (id: string) => string }) {
  return (
    <ul className="notifications" aria-label="Notifications">
      {items.map((n) => (
        <li key={n.id} className={`notification severity-${n.severity}`}>
          <div className="notification-head">
            <span className={`badge severity-badge-${n.severity}`}>{n.severity}</span>
            <strong>{n.title}</strong>
          </div>
          <p>{n.body}</p>
          <p className="muted small">
            <time dateTime={n.at} title={formatDateTimeUtc(n.at)}>
              {formatDate(n.at)}
            </time>{' '}
            · {groupName(n.siteGroupId)}
          </p>
        </li>
      ))}
    </ul>
  );
}
