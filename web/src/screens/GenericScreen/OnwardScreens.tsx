import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paramNames, substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { onwardRoutes } from '../../app/onwardRoutes.ts';
import { routeLink } from '../../app/routeLink.ts';
import { ParamForm } from './ParamForm.tsx';

/**
 * The screens this one opens that no navigation links to, because their address needs a value: a
 * link where this screen already has every value, a form asking for the rest otherwise. Drawn from
 * the manifest alone, so a module's detail screens are reachable by clicking before it has a backend.
 */
export function OnwardScreens({ module, route, params }: { module: ModuleView; route: ResolvedRoute; params: Readonly<Record<string, string | undefined>> }) {
  const onward = useMemo(() => onwardRoutes(module, route), [module, route]);
  const headingId = useId();
  if (onward.length === 0) return null;
  const withMissing = onward.map((r) => ({ route: r, missing: paramNames(r.fullPath).filter((p) => params[p] === undefined) }));
  const links = withMissing.filter((o) => o.missing.length === 0);
  const forms = withMissing.filter((o) => o.missing.length > 0);
  return (
    <section className="onward" aria-labelledby={headingId}>
      <h2 id={headingId}>Open</h2>
      {links.length > 0 && (
        <ul className="onward-links">
          {links.map(({ route: r }) => (
            <li key={r.fullPath}>
              <Link to={routeLink(r, params)}>{substituteParams(r.title ?? '', params)}</Link>
            </li>
          ))}
        </ul>
      )}
      {forms.map(({ route: r, missing }) => (
        <ParamForm key={r.fullPath} pattern={r.fullPath} title={r.title ?? ''} missing={missing} known={params} showNistWarning={r.showNistWarning} />
      ))}
    </section>
  );
}
