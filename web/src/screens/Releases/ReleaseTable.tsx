import { Link } from 'react-router';
import type { ReleaseSummary } from '@platform/schemas';
import { ago } from '../../ui/relativeTime.ts';
import { TableScroll } from '../shared/TableScroll.tsx';
import { statusText, type ReleaseStatus } from './releaseStatus.ts';
import { shortReleaseId } from './shortReleaseId.ts';

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

/**
 * Every release newest first: when, who and why, where it stands, and what can be done with it. Six
 * narrow columns fit a laptop's screen beside the sidebar, the steps stacked in the last one; on phones
 * the rows are cards (decision 0073). A release shows by its short id, the whole one in its tooltip.
 */
export function ReleaseTable({ releases, statuses, selected, onSelect, onAction, draftPath, customerName }: Props) {
  return (
    <TableScroll label="Release history">
      <table className="data-table release-table card-table" aria-label="Releases">
        <thead>
          <tr>
            <th scope="col">Compare</th>
            <th scope="col">Release</th>
            <th scope="col">Published</th>
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
                <td className="compare">
                  <label className="check">
                    <input
                      type="checkbox"
                      aria-label={`Select ${r.id} for comparison`}
                      checked={selected.includes(r.id)}
                      onChange={(e) => onSelect(r.id, e.target.checked)}
                    />
                    <span className="compare-text" aria-hidden="true">
                      Compare
                    </span>
                  </label>
                </td>
                <th scope="row">
                  <code title={r.id}>{shortReleaseId(r.id)}</code>
                </th>
                <td data-label="Published">
                  <time dateTime={r.publishedAt} title={when.exact}>
                    {when.text}
                  </time>
                  <div className="muted small">{when.exact}</div>
                  <div className="muted small">
                    by <span className="author">{r.author.email || r.author.sub}</span>
                  </div>
                </td>
                <td className="reason" data-label="Reason">
                  {r.reason}
                </td>
                <td data-label="Status">
                  <span className={`badge release-${status.kind}`}>{statusText(status, customerName)}</span>
                </td>
                <td className="actions">
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
    </TableScroll>
  );
}
