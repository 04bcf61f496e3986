import { NavLink, useLocation } from 'react-router';
import type { ModuleView } from '@platform/schemas';
import { hasOwnParam } from '../navigation/onwardRoutes.ts';
import { routeLink } from '../navigation/routeLink.ts';

const within = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** The current module's own navigation: its top-level screens that have an address of their own (the others are opened from a screen, see onwardRoutes). */
export function SectionNav({ modules }: { modules: readonly ModuleView[] }) {
  const { pathname } = useLocation();
  const current = modules.find((m) => m.baseUrl !== '/' && within(pathname, m.baseUrl));
  if (!current) return null;
  const links = current.routes.filter((r) => r.redirectTo === undefined && r.title && !hasOwnParam(r) && r.path !== '*');
  // One section at the module's own address needs no menu; one with an address of its own (a module's
  // only section, shown as its default) does, or that address could only be typed.
  if (links.length < 2 && links.every((r) => r.fullPath === current.baseUrl)) return null;
  return (
    <nav aria-label={`${current.name} sections`} className="section-nav">
      <ul>
        {links.map((r) => (
          <li key={r.fullPath}>
            <NavLink to={routeLink(r)} end={r.path === ''}>
              {r.title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
