import { useCustomerScope } from '../../hooks/useCustomerScope.ts';
import type { ScreenProps } from '../screenProps.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { NeedsCustomer } from '../shared/NeedsCustomer.tsx';

/** /settings/sitegroups: the customer's site groups and their sites; the ones ticked filter every list. */
export function SiteGroupsScreen({ title }: ScreenProps) {
  const { customerId, staff, selected, select, groups } = useCustomerScope();
  const toggle = (id: string, on: boolean) => select(on ? [...selected, id] : selected.filter((s) => s !== id));

  return (
    <article className="screen">
      <h1>{title}</h1>
      {!customerId ? (
        <NeedsCustomer staff={staff} what="site groups" />
      ) : !groups.data ? (
        <LoadState what="the site groups" error={groups.error} onRetry={() => void groups.refetch()} />
      ) : groups.data.siteGroups.length === 0 ? (
        <EmptyState>This customer has no site groups.</EmptyState>
      ) : (
        <>
          <p className="hint">
            Tick the site groups you work on: uploads, notifications and every module's lists show only those. With none ticked, nothing is filtered. The choice
            is kept in this browser.
          </p>
          <ul className="site-groups">
            {groups.data.siteGroups.map((g) => (
              <li key={g.id}>
                <label className="check">
                  <input type="checkbox" checked={selected.includes(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} /> <strong>{g.name}</strong>
                </label>
                <p className="muted small">{g.sites.length ? g.sites.map((s) => s.name).join(' · ') : 'No sites'}</p>
              </li>
            ))}
          </ul>
          <button type="button" className="secondary" onClick={() => select([])} disabled={!selected.length}>
            Clear the selection
          </button>
        </>
      )}
    </article>
  );
}
