import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminModulesQuery } from '../../api/admin.ts';
import { customersQuery } from '../../api/customers.ts';
import type { ScreenProps } from '../screenProps.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { CustomerAudit } from './CustomerAudit.tsx';
import { CustomerSwitches } from './CustomerSwitches.tsx';

/** /settings/customers (staff): each customer's modules as switches, with a reason, and the audit log. */
export function CustomersScreen({ title }: ScreenProps) {
  const customers = useQuery(customersQuery);
  // Module names; the list's polling is for the modules screen, not needed here.
  const modules = useQuery({ ...adminModulesQuery, refetchInterval: false });
  const [chosen, setChosen] = useState<string | undefined>();
  const list = customers.data?.customers ?? [];
  const customer = list.find((c) => c.id === chosen) ?? list[0];
  const names = new Map(modules.data?.modules.map((m) => [m.key, m.name]));

  return (
    <article className="screen customers-screen">
      <h1>{title}</h1>
      {!customers.data && <LoadState what="the customers" error={customers.error} onRetry={() => void customers.refetch()} />}
      {customer && (
        <div className="customers-layout">
          <nav aria-label="Customers" className="customer-list">
            <ul>
              {list.map((c) => (
                <li key={c.id}>
                  <button type="button" aria-current={c.id === customer.id ? 'true' : undefined} onClick={() => setChosen(c.id)}>
                    {c.name}
                    <span className="muted small">
                      {c.modules.filter((m) => m.enabled).length} of {c.modules.length} modules on
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <div className="customer-detail">
            <CustomerSwitches key={customer.id} customer={customer} names={names} />
            <CustomerAudit key={`audit-${customer.id}`} customer={customer} names={names} />
          </div>
        </div>
      )}
    </article>
  );
}
