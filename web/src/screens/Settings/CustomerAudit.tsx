import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Customer, ModuleAuditPage } from '@platform/schemas';
import { customerAuditQuery } from '../../api/customers.ts';
import { AuditTable } from '../shared/AuditTable.tsx';

type Entry = ModuleAuditPage['entries'][number];

const onOff = (enabled: boolean | null) => (enabled ? 'on' : 'off');

/** What changed: a switch, or the customer added or renamed. */
function change(e: Entry) {
  if (e.action === 'created')
    return (
      <>
        added as <strong>{e.name?.after}</strong>
      </>
    );
  if (e.action === 'renamed')
    return (
      <>
        renamed from {e.name?.before} to <strong>{e.name?.after}</strong>
      </>
    );
  return (
    <>
      {onOff(e.before)} → <strong>{onOff(e.after)}</strong>
    </>
  );
}

/** Who switched what for the customer, added or renamed it, when and why, newest first. */
export function CustomerAudit({ customer, names }: { customer: Customer; names: ReadonlyMap<string, string> }) {
  const id = useId();
  const [moduleKey, setModuleKey] = useState('');
  const audit = useInfiniteQuery(customerAuditQuery(customer.id, moduleKey));
  return (
    <AuditTable
      title="Change history"
      label={`Change history of ${customer.name}`}
      audit={audit}
      columns={[
        { header: 'Module', cell: (e) => (e.moduleKey === null ? '—' : (names.get(e.moduleKey) ?? e.moduleKey)) },
        { header: 'Change', cell: change },
      ]}
      what="the history"
      empty="No changes yet."
      older="Show older changes"
    >
      <div className="form audit-filter">
        <label htmlFor={`${id}-module`}>Module</label>
        <select id={`${id}-module`} value={moduleKey} onChange={(e) => setModuleKey(e.target.value)}>
          <option value="">All modules</option>
          {customer.modules.map((m) => (
            <option key={m.key} value={m.key}>
              {names.get(m.key) ?? m.key}
            </option>
          ))}
        </select>
      </div>
    </AuditTable>
  );
}
