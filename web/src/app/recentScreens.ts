import { matchPath } from 'react-router';
import type { ScreenEntry } from './screenIndex.ts';

/** How many recently opened screens the search remembers per user. */
const RECENT_LIMIT = 8;

/** A screen the user opened: which entry, and the address it was opened at (parameters filled). */
export interface RecentScreen {
  key: string;
  path: string;
}

const storageKey = (sub: string) => `screenSearch.recent.${sub}`;

/** The user's recently opened screens, newest first, as stored (unchecked against the manifest). */
function stored(sub: string): RecentScreen[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(sub)) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter((v): v is RecentScreen => typeof v?.key === 'string' && typeof v?.path === 'string').slice(0, RECENT_LIMIT);
  } catch {
    // Another version's shape, or a hand-edited value: no recents rather than no search.
    return [];
  }
}

const statics = (pattern: string) => pattern.split('/').filter((s) => s && !s.startsWith(':')).length;

/** The entry that renders at `pathname`: static segments win over parameters, as in the router. */
function entryAt(entries: readonly ScreenEntry[], pathname: string): ScreenEntry | undefined {
  let best: ScreenEntry | undefined;
  for (const entry of entries) {
    if (!matchPath({ path: entry.route.fullPath, end: true }, pathname)) continue;
    if (!best || statics(entry.route.fullPath) > statics(best.route.fullPath)) best = entry;
  }
  return best;
}

/** Remembers that the user opened `pathname`, if it is a screen the search offers. */
export function rememberScreen(sub: string, entries: readonly ScreenEntry[], pathname: string): void {
  const entry = entryAt(entries, pathname);
  if (!entry) return;
  const next = [{ key: entry.key, path: pathname }, ...stored(sub).filter((r) => r.path !== pathname)].slice(0, RECENT_LIMIT);
  try {
    localStorage.setItem(storageKey(sub), JSON.stringify(next));
  } catch {
    // Storage full or refused (private windows): the search works without recents.
  }
}

/**
 * The user's recent screens that the manifest still offers, newest first, each with its entry: a
 * screen since taken away (a module switched off, a role changed) is not offered again.
 */
export function recentScreens(sub: string, entries: readonly ScreenEntry[]): Array<{ entry: ScreenEntry; path: string }> {
  const result: Array<{ entry: ScreenEntry; path: string }> = [];
  for (const recent of stored(sub)) {
    const entry = entryAt(entries, recent.path);
    if (entry && entry.key === recent.key) result.push({ entry, path: recent.path });
  }
  return result;
}
