import { NavLink } from 'react-router';
import { useUnreadNotifications } from '../hooks/useUnreadNotifications.ts';
import { APP_PATHS } from './appPaths.ts';

/** The top bar's way to the notifications, named with the unread count ("Notifications, 3 unread"). */
export function NotificationsLink() {
  const unread = useUnreadNotifications();
  return (
    // The name comes from the text, the badge's number among it, so it begins with what is seen
    // ("Notifications 3"), as speech control needs (WCAG 2.5.3); hidden words say what the number counts.
    <NavLink to={APP_PATHS.notifications}>
      Notifications
      {unread ? (
        <>
          <span className="visually-hidden">,</span> <span className="badge badge-count">{unread}</span> <span className="visually-hidden">unread</span>
        </>
      ) : null}
    </NavLink>
  );
}
