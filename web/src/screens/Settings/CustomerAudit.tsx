import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CustomerList } from '@platform/schemas';
import { customerAuditQuery } from '../../api/customers.ts';
import { AuditTable } from '../shared/AuditTable.tsx';

type Customer = CustomerList['customers'][number];

const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');

/** Who switched what for the customer, when and why, newest first. */
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
        { header: 'Module', cell: (e) => names.get(e.moduleKey) ?? e.moduleKey },
        {
          header: 'Change',
          cell: (e) => (
            <>
              {onOff(e.before)} → <strong>{onOff(e.after)}</strong>
            </>
          ),
        },
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
