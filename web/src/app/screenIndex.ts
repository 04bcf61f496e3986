import { paramNames, type ModuleView, type ResolvedRoute, type UserManifest } from '@platform/schemas';
import { isScreen, shownAt } from '../navigation/onwardRoutes.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';

/** One screen the signed-in user may open, as the screen search lists it. */
export interface ScreenEntry {
  /** Unique in the index: the route's name, or its address where a manifest gives none. */
  key: string;
  /** The route's title, placeholders such as `{site_id}` left in (the dialog shows them as the fields to fill). */
  title: string;
  /** Where it belongs, as the navigation names it: the module, or Settings and the like for the platform's own screens. */
  module: string;
  route: ResolvedRoute;
  /** The `:param` names of its address, in order: what must be filled before it can be opened. */
  params: string[];
  /** Lower-case words of the title (without placeholders) and of the module, for matching. */
  words: string[];
  titleWords: string[];
}

const wordsOf = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether the search offers a route: a screen (titled, not a redirect, not the catch-all) that renders
 * something at its own address, for signed-in users (the sign-in pages and sign-out are not places a
 * signed-in user goes to by name). The manifest holds only routes the user's roles allow, so nothing
 * else is needed for the search to be as permission-exact as the router built from the same manifest.
 */
function offered(route: ResolvedRoute): boolean {
  if (!isScreen(route) || route.access !== 'signedIn' || route.fullPath === APP_PATHS.logout) return false;
  return route.children.length === 0 || shownAt(route) !== undefined;
}

function entriesOf(module: ModuleView, platform: boolean): ScreenEntry[] {
  const entries: ScreenEntry[] = [];
  // The platform's own modules (the shell and the dashboard) are not in the Modules navigation; their
  // screens are named by the section they sit in (Settings), as the top bar names them.
  const visit = (routes: readonly ResolvedRoute[], section: string) => {
    for (const route of routes) {
      if (offered(route) && route.title !== undefined) {
        const title = route.title;
        entries.push({
          key: route.name ?? route.fullPath,
          title,
          module: section,
          route,
          params: paramNames(route.fullPath),
          words: [...wordsOf(title), ...wordsOf(section)],
          titleWords: wordsOf(title),
        });
      }
      const below = platform && route.fullPath !== '/' && section === module.name && route.title ? route.title : section;
      visit(route.children, below);
    }
  };
  visit(module.routes, module.name);
  return entries;
}

/**
 * Every screen of the user's manifest the screen search offers, in manifest order: the same route
 * model the router and the navigation are built from, so it never offers what the user may not open.
 */
export function screenIndex(manifest: UserManifest): ScreenEntry[] {
  const all = [...entriesOf(manifest.shell, true), ...entriesOf(manifest.dash, true), ...manifest.modules.flatMap((m) => entriesOf(m, false))];
  // A section and its '' child may share an address and a title (a project and its overview): one entry.
  const seen = new Set<string>();
  return all.filter((entry) => {
    const id = `${entry.route.fullPath} ${entry.title}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** What the search lists for a query: at most `limit` matches, best first, and how many more there were. */
export interface ScreenMatches {
  shown: ScreenEntry[];
  more: number;
}

/**
 * The entries every word of `query` starts a word of (title or module, case-insensitive: "cost proj"
 * finds Life Cycle Cost's "Project {projectId}"). Titles that start with the query come first, then
 * those whose title alone holds every word, then the rest; manifest order within each.
 */
export function matchScreens(entries: readonly ScreenEntry[], query: string, limit: number): ScreenMatches {
  const terms = wordsOf(query);
  const phrase = terms.join(' ');
  const ranked: Array<[number, ScreenEntry]> = [];
  for (const entry of entries) {
    if (!terms.every((t) => entry.words.some((w) => w.startsWith(t)))) continue;
    const rank = entry.titleWords.join(' ').startsWith(phrase) ? 0 : terms.every((t) => entry.titleWords.some((w) => w.startsWith(t))) ? 1 : 2;
    ranked.push([rank, entry]);
  }
  // Array.prototype.sort is stable: manifest order is kept within a rank.
  ranked.sort((a, b) => a[0] - b[0]);
  return { shown: ranked.slice(0, limit).map(([, e]) => e), more: Math.max(0, ranked.length - limit) };
}
