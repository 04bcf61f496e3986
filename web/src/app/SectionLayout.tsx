import { Link, Outlet, useLocation, useParams } from 'react-router';
import { substituteParams, type ResolvedRoute } from '@platform/schemas';
import { hasOwnParam } from '../navigation/onwardRoutes.ts';
import { routeLink } from '../navigation/routeLink.ts';

/** Whether the address is the tab's own or one under it (a job under Jobs); a default tab ('') only at its own. */
const isUnder = (pathname: string, tab: ResolvedRoute, link: string) => {
  const path = link.split('?')[0] ?? link;
  return pathname === path || (tab.path !== '' && pathname.startsWith(`${path}/`));
};

/**
 * A route with children: names its section and links to the children that have an address of
 * their own (the others are opened from a screen, see onwardRoutes). The child renders the screen,
 * and with it the one h1. One tab is current: the deepest the address is under, so "New job"
 * (jobs/new) is, and "Jobs" (jobs) is not as well (issue 35).
 */
export function SectionLayout({ route }: { route: ResolvedRoute }) {
  const params = useParams();
  const { pathname } = useLocation();
  const label = substituteParams(route.title ?? '', params);
  const tabs = route.children.filter((c) => c.redirectTo === undefined && c.title && !hasOwnParam(c)).map((c) => ({ route: c, link: routeLink(c, params) }));
  const current = tabs.filter((t) => isUnder(pathname, t.route, t.link)).sort((a, b) => b.link.length - a.link.length)[0];
  return (
    <section className="section" aria-label={label}>
      {(tabs.length > 1 || tabs.some((t) => t.route.fullPath !== route.fullPath)) && (
        <nav aria-label={`${label} sections`} className="section-tabs">
          {tabs.map((t) => (
            <Link key={t.route.fullPath} to={t.link} className={t === current ? 'active' : undefined} aria-current={t === current ? 'page' : undefined}>
              {substituteParams(t.route.title ?? '', params)}
            </Link>
          ))}
        </nav>
      )}
      <Outlet />
    </section>
  );
}
