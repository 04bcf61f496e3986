import { NavLink, Outlet, useParams } from 'react-router';
import { substituteParams, type ResolvedRoute } from '@platform/schemas';
import { hasOwnParam } from './onwardRoutes.ts';
import { routeLink } from './routeLink.ts';

/**
 * A route with children: names its section and links to the children that have an address of
 * their own (the others are opened from a screen, see onwardRoutes). The child renders the screen,
 * and with it the one h1.
 */
export function SectionLayout({ route }: { route: ResolvedRoute }) {
  const params = useParams();
  const label = substituteParams(route.title ?? '', params);
  const tabs = route.children.filter((c) => c.redirectTo === undefined && c.title && !hasOwnParam(c));
  return (
    <section className="section" aria-label={label}>
      {(tabs.length > 1 || tabs.some((c) => c.fullPath !== route.fullPath)) && (
        <nav aria-label={`${label} sections`} className="section-tabs">
          {tabs.map((c) => (
            <NavLink key={c.fullPath} to={routeLink(c, params)} end={c.path === ''}>
              {substituteParams(c.title ?? '', params)}
            </NavLink>
          ))}
        </nav>
      )}
      <Outlet />
    </section>
  );
}
