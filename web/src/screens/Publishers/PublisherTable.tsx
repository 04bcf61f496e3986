import type { Publisher } from '@platform/schemas';
import { formatDateTimeUtc } from '../../ui/format.ts';
import { TableScroll } from '../shared/TableScroll.tsx';

interface Props {
  publishers: readonly Publisher[];
  /** Module names by key; a key the registry no longer has shows as it is. */
  names: ReadonlyMap<string, string>;
  /** `opener` is the button pressed: focus goes back to it when the dialog closes. */
  onRevoke: (publisher: Publisher, opener: HTMLElement) => void;
}

/** The trusted publishers, each by the subject its CI's tokens carry, with the issuer and audience they must match. */
export function PublisherTable({ publishers, names, onRevoke }: Props) {
  return (
    <TableScroll label="Trusted publishers">
      <table className="data-table card-table publisher-table">
        <caption>Trusted publishers</caption>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Issuer</th>
            <th scope="col">Audience</th>
            <th scope="col">Modules</th>
            <th scope="col">Registered</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {publishers.map((p) => (
            <tr key={p.id}>
              <th scope="row" data-label="Subject" className="claim">
                <code>{p.subject}</code>
              </th>
              <td data-label="Issuer" className="claim">
                {p.issuer}
              </td>
              <td data-label="Audience" className="claim">
                {p.audience}
              </td>
              <td data-label="Modules">{p.modules.map((key) => names.get(key) ?? key).join(', ')}</td>
              <td data-label="Registered" className="claim">
                {formatDateTimeUtc(p.createdAt)} <span className="muted">by {p.createdBy.email}</span>
              </td>
              <td data-label="Actions">
                <button type="button" className="secondary" aria-label={`Revoke ${p.subject}`} onClick={(e) => onRevoke(p, e.currentTarget)}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
