import { useEffect, useRef, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useCustomerScope } from '../hooks/useCustomerScope.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';

/** The chrome's site-group filter for the customer in context; its choice goes with every call. */
export function SiteGroupSelector() {
  const { customerId, selected, select, groups } = useCustomerScope();
  const panel = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is the trigger; the native <details> keeps its own open state
  useEffect(() => {
    if (panel.current) panel.current.open = false;
  }, [pathname]);

  if (!customerId || !groups.data?.siteGroups.length) return null;
  const names = groups.data.siteGroups.filter((g) => selected.includes(g.id)).map((g) => g.name);
  const toggle = (id: string, on: boolean) => select(on ? [...selected, id] : selected.filter((s) => s !== id));
  // A native <details> ignores Escape; closing on it (and giving focus back to the summary) makes
  // the panel behave like the other pop-ups a keyboard user meets. Escape stops here, so an open
  // mobile menu around it stays open.
  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== 'Escape' || !panel.current?.open) return;
    event.stopPropagation();
    panel.current.open = false;
    panel.current.querySelector('summary')?.focus();
  }
  // Tabbing past the panel closes it, so it never covers what the keyboard user moved on to.
  function closeOnFocusLeaving(event: FocusEvent<HTMLDetailsElement>) {
    const next = event.relatedTarget;
    if (panel.current && next instanceof Node && !panel.current.contains(next)) panel.current.open = false;
  }

  return (
    <details className="site-group-selector" ref={panel} onKeyDown={closeOnEscape} onBlur={closeOnFocusLeaving}>
      <summary aria-label={`Site groups: ${names.length ? names.join(', ') : 'all'}`}>
        Site groups: <strong>{names.length === 0 ? 'All' : names.length === 1 ? names[0] : `${names.length} selected`}</strong>
      </summary>
      <div className="site-group-panel">
        <fieldset>
          <legend>Show only</legend>
          {groups.data.siteGroups.map((g) => (
            <label key={g.id} className="check">
              <input type="checkbox" checked={selected.includes(g.id)} onChange={(e) => toggle(g.id, e.target.checked)} /> {g.name}
            </label>
          ))}
        </fieldset>
        <div className="site-group-actions">
          <button type="button" className="link-button" onClick={() => select([])} disabled={!selected.length}>
            All site groups
          </button>
          <Link to={APP_PATHS['settings.sitegroups']}>Manage</Link>
        </div>
      </div>
    </details>
  );
}
