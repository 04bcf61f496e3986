import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { CustomerList } from '@platform/schemas';
import { customerAuditQuery } from '../../api/customers.ts';
import { ago } from './relativeTime.ts';

type Customer = CustomerList['customers'][number];

/** Who switched what for the customer, when and why, newest first. */
export function CustomerAudit({ customer, names }: { customer: Customer; names: ReadonlyMap<string, string> }) {
  const id = useId();
  const [moduleKey, setModuleKey] = useState('');
  const audit = useInfiniteQuery(customerAuditQuery(customer.id, moduleKey));
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];
  const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Change history</h2>
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
      {audit.isError && (
        <p role="alert" className="form-error">
          Cannot load the history: {audit.error.message}
        </p>
      )}
      {audit.isSuccess && entries.length === 0 && <p className="muted">No changes yet.</p>}
      {entries.length > 0 && (
        <div className="table-scroll">
          <table className="data-table" aria-label={`Change history of ${customer.name}`}>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Module</th>
                <th scope="col">Change</th>
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
                    <td>{names.get(e.moduleKey) ?? e.moduleKey}</td>
                    <td>
                      {onOff(e.before)} → <strong>{onOff(e.after)}</strong>
                    </td>
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
          {audit.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </button>
      )}
    </section>
  );
}
