import { Suspense, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { defaultChild, type ModuleView, type ResolvedRoute } from '@platform/schemas';
import { layoutFor } from './registry.ts';
import { RedirectTo } from './RedirectTo.tsx';
import type { RouteHandle } from '../navigation/routeHandle.ts';
import { ScreenHost } from './ScreenHost.tsx';
import { SectionLayout } from './SectionLayout.tsx';
import { StatusPage } from './StatusPage.tsx';

/** The User Timing measure each router build leaves, for the sign-in benchmark to read. */
export const ROUTER_BUILD_MEASURE = 'router:build';

const relative = (fullPath: string, parentPath: string) => fullPath.slice(parentPath === '/' ? 1 : parentPath.length + 1);

function elementFor(route: ResolvedRoute, module: ModuleView): ReactElement {
  if (route.redirectTo !== undefined) return <RedirectTo pattern={route.redirectTo} />;
  if (route.children.length) {
    const Layout = layoutFor(route.screen);
    // A layout's code may still be on its way (the frame is a chunk of its own): the whole page waits,
    // behind a boundary of the route's own so the previous page is not left up (see ScreenHost).
    return Layout ? (
      <Suspense key={route.fullPath} fallback={<StatusPage title="Loading…" busy />}>
        <Layout route={route} module={module} />
      </Suspense>
    ) : (
      <SectionLayout route={route} />
    );
  }
  return <ScreenHost route={route} module={module} />;
}

function indexRoute(child: ResolvedRoute, module: ModuleView): RouteObject {
  return { index: true, element: elementFor(child, module), handle: { route: child, module } satisfies RouteHandle };
}

/** Route objects for a list of sibling routes whose parent lives at `parentPath`. */
function siblings(routes: readonly ResolvedRoute[], parentPath: string, module: ModuleView): RouteObject[] {
  const objects: RouteObject[] = [];
  for (const route of routes) {
    const handle: RouteHandle = { route, module };
    if (route.path === '') {
      objects.push({ index: true, element: elementFor(route, module), handle });
      continue;
    }
    const children = siblings(route.children, route.fullPath, module);
    const own = route.children.length ? defaultChild(route) : undefined;
    if (own && own.path !== '') children.push(indexRoute(own, module));
    objects.push({ path: relative(route.fullPath, parentPath), element: elementFor(route, module), handle, children });
    // An alias renders the route and its default child at another address; the URL stays.
    for (const alias of route.aliases) {
      objects.push({
        path: relative(alias, parentPath),
        element: elementFor(route, module),
        handle,
        children: own ? [indexRoute(own, module)] : [],
      });
    }
    // The default child of a top-level group renders at the module's base url.
    if (route.index && parentPath === module.baseUrl && module.baseUrl !== '/') {
      objects.push({ index: true, element: elementFor(route, module), handle });
    }
  }
  return objects;
}

/** A module's routes, mounted at its base url under the frame. */
function moduleRoutes(module: ModuleView): RouteObject[] {
  const children = siblings(module.routes, module.baseUrl, module);
  if (module.baseUrl === '/') return children;
  return [{ path: module.baseUrl.slice(1), children }];
}

/**
 * The whole route tree: the shell's top-level routes, with the dashboard and the user's modules
 * mounted under the frame route that the shell marks.
 */
export function buildRoutes(shell: ModuleView, mounted: readonly ModuleView[]): RouteObject[] {
  const start = performance.now();
  const routes = shellRoutes(shell, mounted);
  performance.measure(ROUTER_BUILD_MEASURE, { start, detail: { modules: mounted.length } });
  return routes;
}

function shellRoutes(shell: ModuleView, mounted: readonly ModuleView[]): RouteObject[] {
  return shell.routes.map((route): RouteObject => {
    const handle: RouteHandle = { route, module: shell };
    const children = siblings(route.children, route.fullPath, shell);
    if (route.path === '') {
      // The frame: module routes first so that the shell's own catch-all ranks last.
      return { path: '/', element: elementFor(route, shell), handle, children: [...mounted.flatMap(moduleRoutes), ...children] };
    }
    const own = defaultChild(route);
    if (own && own.path !== '') children.push(indexRoute(own, shell));
    return { path: route.fullPath, element: elementFor(route, shell), handle, children };
  });
}
