import { useInfiniteQuery } from '@tanstack/react-query';
import { releaseAuditQuery } from '../../api/releases.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import { AuditTable } from '../shared/AuditTable.tsx';
import { endedByGuard, type ReleaseAuditPage } from '@platform/schemas';

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
      return `ended the pilot of ${entry.release}${customers ? ` with ${customers}` : ''}${endedByGuard(entry) ? ' (its guard tripped)' : ''}`;
    case 'pilot-promote':
      return `promoted the pilot ${entry.release} to everyone${entry.previous ? ` (was ${entry.previous})` : ''}`;
  }
}

/** Every step taken on the releases, newest first: who, when, what and why. */
export function ReleaseAudit() {
  const audit = useInfiniteQuery(releaseAuditQuery);
  const customerName = useCustomerNames(audit.data?.pages.flatMap((p) => p.entries.flatMap((e) => e.customers)) ?? []);
  return (
    <AuditTable
      title="Audit"
      label="Release audit"
      audit={audit}
      columns={[{ header: 'Step', cell: (e) => stepWords(e, customerName) }]}
      what="the audit"
      empty="No steps yet."
      older="Show older steps"
    />
  );
}
