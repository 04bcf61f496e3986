import { allRoutes, type ModuleView, type UserManifest } from '@platform/schemas';

/** One route of a manifest, as the walk counts it. */
export interface RoutePattern {
  pattern: string;
  name: string;
  /** A redirect or the catch-all: an address, not a screen to reach. */
  screen: boolean;
}

/**
 * Every route of the signed-in app in a user's manifest: the dashboard's, the modules' and the frame's
 * own (the profile). The shell's routes outside the frame are left out: the sign-in pages are for
 * visitors without a session (a signed-in user is sent on from them), /logout ends the session the
 * other journeys share, and /loading is the environment check page of demo and local set-ups.
 */
export function signedInRoutes(manifest: UserManifest): RoutePattern[] {
  const frame = manifest.shell.routes.find((r) => r.path === '');
  const modules: ModuleView['routes'][] = [frame?.children ?? [], manifest.dash.routes, ...manifest.modules.map((m) => m.routes)];
  const byPattern = new Map<string, RoutePattern>();
  for (const routes of modules) {
    for (const r of allRoutes(routes)) {
      if (r.path === '*') continue;
      const screen = r.redirectTo === undefined && r.title !== undefined;
      const known = byPattern.get(r.fullPath);
      // A layout and its '' child share one address: one route to reach there.
      if (!known || (!known.screen && screen)) byPattern.set(r.fullPath, { pattern: r.fullPath, name: r.name ?? r.fullPath, screen });
    }
  }
  return [...byPattern.values()];
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** Whether an address (as the browser shows it, encoded) matches a ':param' pattern. */
function matches(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const have = segments(pathname);
  return want.length === have.length && want.every((s, i) => s.startsWith(':') || s === have[i]);
}

/**
 * The pattern the router picks for an address among those that match: the one with static segments
 * where the others have parameters (react-router ranks 'jobs/new' over 'jobs/:jobId').
 */
export function bestPattern(patterns: readonly RoutePattern[], pathname: string): string | undefined {
  let best: { pattern: string; rank: string } | undefined;
  for (const { pattern } of patterns) {
    if (!matches(pattern, pathname)) continue;
    const rank = segments(pattern)
      .map((s) => (s.startsWith(':') ? '0' : '1'))
      .join('');
    if (!best || rank > best.rank) best = { pattern, rank };
  }
  return best?.pattern;
}
