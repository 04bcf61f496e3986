import { describe, expect, it } from 'vitest';
import { allRoutes, defaultChild, findRoute } from './routeTree.ts';
import type { ManifestRoute, ResolvedRoute } from './types.ts';

const resolved = (path: string, extra: Partial<ResolvedRoute> = {}): ResolvedRoute => ({
  path,
  fullPath: `/${path}`,
  index: false,
  aliases: [],
  access: 'signedIn',
  showNistWarning: false,
  children: [],
  ...extra,
});

const tree: ResolvedRoute[] = [
  resolved('a', { name: 'a', children: [resolved('a1', { name: 'a.one' }), resolved('a2', { children: [resolved('deep', { name: 'deep' })] })] }),
  resolved('b', { name: 'b' }),
];

describe('allRoutes', () => {
  it('visits parents before children, in manifest order', () => {
    expect([...allRoutes(tree)].map((r) => r.path)).toEqual(['a', 'a1', 'a2', 'deep', 'b']);
  });

  it('walks a manifest tree, whose leaves have no children list', () => {
    const routes: ManifestRoute[] = [{ path: 'x', children: [{ path: 'y' }] }, { path: 'z' }];
    expect([...allRoutes(routes)].map((r) => r.path)).toEqual(['x', 'y', 'z']);
  });
});

describe('findRoute', () => {
  it('finds a route by name at any depth, and nothing for a name no route has', () => {
    expect(findRoute(tree, 'deep')?.path).toBe('deep');
    expect(findRoute(tree, 'b')?.path).toBe('b');
    expect(findRoute(tree, 'nope')).toBeUndefined();
  });

  it('finds a route of a manifest tree', () => {
    const routes: ManifestRoute[] = [{ path: 'x', children: [{ path: 'y', name: 'why' }] }];
    expect(findRoute(routes, 'why')?.path).toBe('y');
  });
});

describe('defaultChild', () => {
  it("is the '' child before the one marked default", () => {
    const own = resolved('');
    expect(defaultChild(resolved('p', { children: [resolved('c', { index: true }), own] }))).toBe(own);
  });

  it('is the child marked default when there is no empty path', () => {
    const marked = resolved('c', { index: true });
    expect(defaultChild(resolved('p', { children: [resolved('d'), marked] }))).toBe(marked);
  });

  it('is undefined for a leaf and for a group with neither', () => {
    expect(defaultChild(resolved('leaf'))).toBeUndefined();
    expect(defaultChild(resolved('p', { children: [resolved('d')] }))).toBeUndefined();
  });
});
