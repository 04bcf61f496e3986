import { NavLink } from 'react-router';
import { useUnreadNotifications } from '../hooks/useUnreadNotifications.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';

/** The top bar's way to the notifications, named with the unread count ("Notifications, 3 unread"). */
export function NotificationsLink() {
  const unread = useUnreadNotifications();
  return (
    // The badge alone is a bare number to a screen reader: the name says what it counts. It begins with
    // the words shown ("Notifications 3", the space kept), as speech control needs (WCAG 2.5.3).
    <NavLink to={APP_PATHS.notifications} aria-label={unread ? `Notifications, ${unread} unread` : undefined}>
      Notifications
      {unread ? (
        <>
          {' '}
          <span className="badge badge-count">{unread}</span>
        </>
      ) : null}
    </NavLink>
  );
}
