import type { ResolvedRoute } from './types.ts';

/**
 * A route of a tree, as the manifests write it (children optional) or as a user's manifest sends it
 * (children always there): the walks below take either.
 */
interface RouteNode<R> {
  name?: string;
  children?: readonly R[];
}

/** Every route of a tree, depth first, parents before their children (manifest order). */
export function* allRoutes<R extends RouteNode<R>>(routes: readonly R[]): Generator<R> {
  for (const route of routes) {
    yield route;
    if (route.children) yield* allRoutes(route.children);
  }
}

/** The route of a tree named `name` (names are unique across manifests), or undefined. */
export function findRoute<R extends RouteNode<R>>(routes: readonly R[], name: string): R | undefined {
  for (const route of allRoutes(routes)) if (route.name === name) return route;
  return undefined;
}

/**
 * What renders at a resolved route's own address: its '' child, else the child the service marked as
 * the default for the user's role (`index`, decision 0003); undefined for a leaf or a group with neither.
 */
export function defaultChild(route: Pick<ResolvedRoute, 'children'>): ResolvedRoute | undefined {
  return route.children.find((c) => c.path === '') ?? route.children.find((c) => c.index);
}
