import type { PlatformNotices } from '@platform/schemas';
import { Link } from 'react-router';
import { formatDate, formatDateTimeUtc } from '../../ui/format.ts';

/** Staff's platform notices (decision 0094), each with the way to where it is acted on. */
export function PlatformNoticeItems({ items }: { items: PlatformNotices['notices'] }) {
  return (
    <section aria-labelledby="platform-notices">
      <h2 id="platform-notices">Platform notices</h2>
      <ul className="notifications" aria-label="Platform notices">
        {items.map((n) => (
          <li key={n.id} className="notification severity-warning">
            <div className="notification-head">
              <span className="badge severity-badge-warning">platform</span>
              <strong>{n.title}</strong>
            </div>
            <p>{n.detail}</p>
            <p className="muted small">
              <time dateTime={n.at} title={formatDateTimeUtc(n.at)}>
                {formatDate(n.at)}
              </time>{' '}
              · <Link to={n.link}>Open Releases</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
