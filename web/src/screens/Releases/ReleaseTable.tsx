import { Link } from 'react-router';
import type { ReleaseSummary } from '@platform/schemas';
import { ago } from '../shared/relativeTime.ts';
import { statusText, type ReleaseStatus } from './releaseStatus.ts';

export type RowAction = { kind: 'activate' | 'pilot' | 'compare'; release: string };

interface Props {
  releases: readonly ReleaseSummary[];
  statuses: ReadonlyMap<string, ReleaseStatus>;
  selected: readonly string[];
  onSelect: (release: string, on: boolean) => void;
  onAction: (action: RowAction) => void;
  draftPath: (base: string) => string | undefined;
  customerName: (id: string) => string;
}

/** Every release newest first: who published it, when, why, where it stands, and what can be done with it. */
export function ReleaseTable({ releases, statuses, selected, onSelect, onAction, draftPath, customerName }: Props) {
  return (
    <div className="table-scroll">
      <table className="data-table release-table" aria-label="Releases">
        <thead>
          <tr>
            <th scope="col">Compare</th>
            <th scope="col">Release</th>
            <th scope="col">Published</th>
            <th scope="col">Author</th>
            <th scope="col">Reason</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((r) => {
            const status = statuses.get(r.id) ?? { kind: 'later' };
            const when = ago(r.publishedAt);
            const draft = draftPath(r.id);
            return (
              <tr key={r.id} data-release={r.id} className={status.kind === 'active' ? 'active-release' : undefined}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Select ${r.id} for comparison`}
                    checked={selected.includes(r.id)}
                    onChange={(e) => onSelect(r.id, e.target.checked)}
                  />
                </td>
                <th scope="row">
                  <code>{r.id}</code>
                </th>
                <td>
                  <time dateTime={r.publishedAt} title={when.exact}>
                    {when.text}
                  </time>
                  <div className="muted small">{when.exact}</div>
                </td>
                <td>{r.author.email || r.author.sub}</td>
                <td className="reason">{r.reason}</td>
                <td>
                  <span className={`badge release-${status.kind}`}>{statusText(status, customerName)}</span>
                </td>
                <td>
                  <div className="row-actions">
                    {status.kind !== 'active' && (
                      <>
                        <button type="button" className="secondary small-button" onClick={() => onAction({ kind: 'compare', release: r.id })}>
                          Compare with active
                        </button>
                        <button type="button" className="secondary small-button" onClick={() => onAction({ kind: 'activate', release: r.id })}>
                          {status.kind === 'earlier' ? 'Roll back to this…' : 'Make active…'}
                        </button>
                        <button type="button" className="secondary small-button" onClick={() => onAction({ kind: 'pilot', release: r.id })}>
                          Pilot…
                        </button>
                      </>
                    )}
                    {draft && (
                      <Link className="small-link" to={draft}>
                        Edit as a draft
                      </Link>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
