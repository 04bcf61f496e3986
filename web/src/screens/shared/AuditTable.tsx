import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ago } from '../../ui/relativeTime.ts';
import { OlderPages } from './OlderPages.tsx';
import { TableScroll } from './TableScroll.tsx';

/** What every audit entry records besides the step itself: who took it, when, and why. */
interface AuditEntry {
  id: string;
  at: string;
  actor: { sub: string; email: string };
  reason: string;
}

/** A column saying what was done, between "Who" and "Reason". */
export interface AuditColumn<E> {
  header: string;
  cell: (entry: E) => ReactNode;
}

interface Props<E extends AuditEntry> {
  /** The section's heading. */
  title: string;
  /** The table's accessible name. */
  label: string;
  audit: UseInfiniteQueryResult<InfiniteData<{ entries: E[] }, unknown>>;
  columns: readonly AuditColumn<E>[];
  /** Completes "Cannot load …", e.g. "the audit". */
  what: string;
  empty: string;
  /** The label of the button that loads older entries. */
  older: string;
  /** Controls that narrow the list, shown under the heading. */
  children?: ReactNode;
}

/** An audit log newest first, a page at a time: when, who, what was done, and why. */
export function AuditTable<E extends AuditEntry>({ title, label, audit, columns, what, empty, older, children }: Props<E>) {
  const id = useId();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <ErrorNotice title={`Cannot load ${what}`} error={audit.error} onRetry={() => void audit.refetch()} />
      {audit.isSuccess && entries.length === 0 && <p className="muted">{empty}</p>}
      {entries.length > 0 && (
        <TableScroll label={label}>
          <table className="data-table card-table" aria-label={label}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                {columns.map((c) => (
                  <th key={c.header} scope="col">
                    {c.header}
                  </th>
                ))}
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const when = ago(e.at);
                return (
                  <tr key={e.id}>
                    <td data-label="When">
                      <time dateTime={e.at} title={when.exact}>
                        {when.text}
                      </time>
                    </td>
                    <td data-label="Who">{e.actor.email || e.actor.sub}</td>
                    {columns.map((c) => (
                      <td key={c.header} data-label={c.header}>
                        {c.cell(e)}
                      </td>
                    ))}
                    <td data-label="Reason">{e.reason}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
      <OlderPages list={audit}>{older}</OlderPages>
    </section>
  );
}
