import type { ModuleView, ResolvedRoute } from '@platform/schemas';

/** Attached to every route object built from a manifest, so the frame can find its route. */
export interface RouteHandle {
  route: ResolvedRoute;
  module: ModuleView;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'route' in value && 'module' in value;
}
