import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { flexcmAccessQuery, notificationsQuery } from '../../api/main.ts';
import { useCustomerScope } from '../../hooks/useCustomerScope.ts';
import { formatDate } from '../../ui/format.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { NotificationItems } from '../Notifications/NotificationsScreen.tsx';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** The dashboard's view of the customer in context: FlexCM access and the latest notifications. */
export function CustomerOverview() {
  const { client, customerId, selected, enabled, groupName } = useCustomerScope();
  const access = useQuery({ ...flexcmAccessQuery(client, customerId ?? ''), enabled });
  const notifications = useQuery({ ...notificationsQuery(client, customerId ?? '', selected), enabled });
  if (!customerId) return null;

  return (
    <div className="dashboard-panels">
      <section aria-labelledby="flexcm-title" className="panel">
        <h2 id="flexcm-title">FlexCM access</h2>
        {!access.data ? (
          <LoadState what="the FlexCM access" error={access.error} onRetry={() => void access.refetch()} />
        ) : access.data.hasAccess ? (
          <p data-testid="flexcm-access">Active since {formatDate(access.data.since)}.</p>
        ) : (
          <p data-testid="flexcm-access">Not enabled for this customer.</p>
        )}
      </section>
      <section aria-labelledby="latest-title" className="panel">
        <h2 id="latest-title">Latest notifications</h2>
        {!notifications.data ? (
          <LoadState what="the notifications" error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : notifications.data.notifications.length === 0 ? (
          <p className="muted">Nothing new.</p>
        ) : (
          <NotificationItems items={notifications.data.notifications.slice(0, 3)} groupName={groupName} />
        )}
        <p>
          <Link to={APP_PATHS.notifications}>All notifications</Link>
        </p>
      </section>
    </div>
  );
}
