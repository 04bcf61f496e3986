import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { adminModulesQuery } from '../../api/admin.ts';
import { customerPagesQuery, customerQuery } from '../../api/customers.ts';
import { useDebounced } from '../../hooks/useDebounced.ts';
import type { ScreenProps } from '../screenProps.ts';
import { LoadState } from '../shared/LoadState.tsx';
import { OlderPages } from '../shared/OlderPages.tsx';
import { AddCustomer } from './AddCustomer.tsx';
import { CustomerAudit } from './CustomerAudit.tsx';
import { CustomerSwitches } from './CustomerSwitches.tsx';
import { RenameCustomer } from './RenameCustomer.tsx';
import { UnaddedCustomers } from './UnaddedCustomers.tsx';

/**
 * /settings/customers (staff): the customers a page at a time, searched on the service; adding one (or
 * one users' claims already name), renaming it, its modules as switches with a reason, and the audit log.
 */
export function CustomersScreen({ title }: ScreenProps) {
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 250);
  const pages = useInfiniteQuery(customerPagesQuery(query));
  // Module names; the list's polling is for the modules screen, not needed here.
  const modules = useQuery({ ...adminModulesQuery, refetchInterval: false });
  const [chosen, setChosen] = useState<string | undefined>();
  const list = pages.data?.pages.flatMap((p) => p.customers) ?? [];
  const chosenId = chosen ?? list[0]?.id;
  const customer = useQuery({ ...customerQuery(chosenId ?? ''), enabled: Boolean(chosenId) });
  const names = new Map(modules.data?.modules.map((m) => [m.key, m.name]));

  return (
    <article className="screen customers-screen">
      <h1>{title}</h1>
      <div className="customers-admin">
        <AddCustomer onAdded={setChosen} />
        <UnaddedCustomers onAdded={setChosen} />
      </div>
      {!pages.data && <LoadState what="the customers" error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.data && (
        <div className="customers-layout">
          <nav aria-label="Customers" className="customer-list">
            <div className="form">
              <label htmlFor={`${id}-search`}>Search customers</label>
              <input id={`${id}-search`} type="search" value={search} placeholder="Part of a name or id" onChange={(e) => setSearch(e.target.value)} />
            </div>
            {list.length === 0 && <p className="muted">{query ? `No customer matches “${query}”.` : 'No customers yet: add the first one above.'}</p>}
            <ul>
              {list.map((c) => (
                <li key={c.id}>
                  <button type="button" aria-current={c.id === chosenId ? 'true' : undefined} onClick={() => setChosen(c.id)}>
                    {c.name}
                    <span className="muted small">
                      {c.id} · {c.modulesOn} of {c.modulesTotal} modules on
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <OlderPages list={pages}>Show more customers</OlderPages>
          </nav>
          <div className="customer-detail">
            {chosenId && !customer.data && <LoadState what="the customer" error={customer.error} onRetry={() => void customer.refetch()} />}
            {customer.data && (
              <>
                <CustomerSwitches key={customer.data.id} customer={customer.data} names={names} />
                <RenameCustomer key={`rename-${customer.data.id}`} customer={customer.data} />
                <CustomerAudit key={`audit-${customer.data.id}`} customer={customer.data} names={names} />
              </>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
