import { useInfiniteQuery } from '@tanstack/react-query';
import { releaseAuditQuery } from '../../api/releases.ts';
import { ago } from '../../ui/relativeTime.ts';
import { endedByGuard } from '@platform/schemas';

/**
 * Where the pilot was, when its guard ended it and nothing has happened since (issue 39): which release,
 * when, and the figures that tripped it, as the audit has them; what to do next is in the administration guide.
 */
export function GuardEnded() {
  const audit = useInfiniteQuery(releaseAuditQuery);
  const latest = audit.data?.pages[0]?.entries[0];
  if (!latest || !endedByGuard(latest)) return null;
  const when = ago(latest.at);
  return (
    <div className="card guard-ended" role="status">
      <p>
        <strong>The pilot&apos;s guard ended the pilot</strong> of <code>{latest.release}</code>{' '}
        <time dateTime={latest.at} title={when.exact}>
          {when.text}
        </time>
        : its customers are served the active release again.
      </p>
      <p className="muted">{latest.reason}</p>
    </div>
  );
}
