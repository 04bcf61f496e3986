import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReleaseAuditPage } from '@platform/schemas';
import { releaseAuditQuery } from '../../api/releases.ts';
import { ago } from '../Settings/relativeTime.ts';

type Entry = ReleaseAuditPage['entries'][number];

/** An audit entry's step in words. */
function stepWords(entry: Entry, customerName: (id: string) => string = (id) => id): string {
  const customers = entry.customers.map(customerName).join(', ');
  switch (entry.action) {
    case 'publish':
      return `published ${entry.release}`;
    case 'activate':
      return entry.previous ? `made ${entry.release} active (was ${entry.previous})` : `made ${entry.release} active`;
    case 'pilot-start':
      return `started a pilot of ${entry.release} with ${customers}`;
    case 'pilot-end':
      return `ended the pilot of ${entry.release}${customers ? ` with ${customers}` : ''}`;
    case 'pilot-promote':
      return `promoted the pilot ${entry.release} to everyone${entry.previous ? ` (was ${entry.previous})` : ''}`;
  }
}

/** Every step taken on the releases, newest first: who, when, what and why. */
export function ReleaseAudit({ customerName }: { customerName: (id: string) => string }) {
  const id = useId();
  const audit = useInfiniteQuery(releaseAuditQuery);
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit</h2>
      {audit.isError && (
        <p role="alert" className="form-error">
          Cannot load the audit: {audit.error.message}
        </p>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="muted">No steps yet.</p>}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" aria-label="Release audit">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Step</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const when = ago(e.at);
                return (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at} title={when.exact}>
                        {when.text}
                      </time>
                    </td>
                    <td>{e.actor.email || e.actor.sub}</td>
                    <td>{stepWords(e, customerName)}</td>
                    <td>{e.reason}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {audit.hasNextPage && (
        <button type="button" className="secondary" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {audit.isFetchingNextPage ? 'Loading…' : 'Show older steps'}
        </button>
      )}
    </section>
  );
}
