import { allRoutes, substituteParams, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { moduleLink, routeLink } from './routeLink.ts';

export interface Crumb {
  label: string;
  to: string;
}

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The breadcrumb trail to a route: the module, then every screen whose address is a prefix of the
 * current one, then the current screen. Derived from addresses, so flat manifests get a real trail.
 */
export function breadcrumbTrail(module: ModuleView, current: ResolvedRoute, params: Record<string, string | undefined>): Crumb[] {
  const here = segments(current.fullPath);
  const byPath = new Map<string, ResolvedRoute>();
  for (const r of allRoutes(module.routes)) {
    if (r.redirectTo === undefined && r.title && !byPath.has(r.fullPath)) byPath.set(r.fullPath, r);
  }
  const trail: Crumb[] = [{ label: module.name, to: moduleLink(module) }];
  const base = segments(module.baseUrl).length;
  for (let n = base + 1; n < here.length; n++) {
    const prefix = `/${here.slice(0, n).join('/')}`;
    const r = byPath.get(prefix);
    if (r?.title) trail.push({ label: substituteParams(r.title, params), to: routeLink(r, params) });
  }
  if (current.fullPath !== module.baseUrl || current.title !== module.name) {
    trail.push({ label: substituteParams(current.title ?? '', params), to: routeLink(current, params) });
  }
  return trail;
}
