import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paramNames, substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { isSiteParam, withCustomerInContext } from '../../navigation/contextParams.ts';
import { onwardRoutes } from '../../navigation/onwardRoutes.ts';
import { routeLink } from '../../navigation/routeLink.ts';
import { useCustomerScope } from '../../hooks/useCustomerScope.ts';
import { useUserManifest } from '../../hooks/useUserManifest.ts';
import { recentOpenings } from '../../selection/recentOpenings.ts';
import { ParamForm, type Choice } from './ParamForm.tsx';

/** Recent openings shown per form: enough to find the last few, short enough to read. */
const RECENT_SHOWN = 5;

/** An opening that agrees with what this screen already has (the same site, the same customer). */
const agreesWith = (known: Readonly<Record<string, string | undefined>>) => (opened: Record<string, string>) =>
  Object.entries(opened).every(([name, value]) => known[name] === undefined || known[name] === value);

/**
 * The screens this one opens that no navigation links to, because their address needs a value: a
 * link where this screen already has every value, a form asking for the rest otherwise. Drawn from
 * the manifest alone, so a module's detail screens are reachable by clicking before it has a backend.
 * A customer parameter is the customer in context, never asked; what the platform knows (the
 * customer's sites, what the user opened lately) is offered to pick (decision 0075).
 */
export function OnwardScreens({ module, route, params }: { module: ModuleView; route: ResolvedRoute; params: Readonly<Record<string, string | undefined>> }) {
  const onward = useMemo(() => onwardRoutes(module, route), [module, route]);
  const headingId = useId();
  const { customerId, groups, selected } = useCustomerScope();
  const sub = useUserManifest().data?.user.sub;
  if (onward.length === 0) return null;
  const known = withCustomerInContext(params, [...new Set(onward.flatMap((r) => paramNames(r.fullPath)))], customerId);
  // The sites of the selected site groups (all of them when none is selected), once each.
  const sites = new Map<string, Choice>();
  for (const group of groups.data?.siteGroups ?? [])
    if (selected.length === 0 || selected.includes(group.id)) for (const site of group.sites) sites.set(site.id, { value: site.id, label: site.name });
  const choicesFor = (name: string): Choice[] => (isSiteParam(name) ? [...sites.values()] : []);
  const withMissing = onward.map((r) => ({ route: r, missing: paramNames(r.fullPath).filter((p) => known[p] === undefined) }));
  const links = withMissing.filter((o) => o.missing.length === 0);
  const forms = withMissing.filter((o) => o.missing.length > 0);
  return (
    <section className="onward" aria-labelledby={headingId}>
      <h2 id={headingId}>Open</h2>
      {links.length > 0 && (
        <ul className="onward-links">
          {links.map(({ route: r }) => (
            <li key={r.fullPath}>
              <Link to={routeLink(r, known)}>{substituteParams(r.title ?? '', known)}</Link>
            </li>
          ))}
        </ul>
      )}
      {forms.map(({ route: r, missing }) => (
        <ParamForm
          key={r.fullPath}
          pattern={r.fullPath}
          title={r.title ?? ''}
          missing={missing}
          known={known}
          showNistWarning={r.showNistWarning}
          choices={Object.fromEntries(missing.map((p) => [p, choicesFor(p)]))}
          recent={sub ? recentOpenings(sub, r.fullPath).filter(agreesWith(known)).slice(0, RECENT_SHOWN) : []}
        />
      ))}
    </section>
  );
}
