/**
 * The selected site groups, kept in localStorage as a list per key (spec section 3). The key is the
 * customer in context: site groups belong to a customer, and staff switching customers keep each
 * customer's selection.
 */
export const SITE_GROUPS_KEY = 'platform.selectedSiteGroups';

type Selections = Record<string, string[]>;
type Listener = () => void;

const listeners = new Set<Listener>();
/** Frozen snapshots, so React's useSyncExternalStore sees the same array until it changes. */
let cache: { raw: string | null; value: Selections } = { raw: null, value: {} };

function read(storage: Pick<Storage, 'getItem'>): Selections {
  const raw = storage.getItem(SITE_GROUPS_KEY);
  if (raw === cache.raw) return cache.value;
  let value: Selections = {};
  try {
    const parsed = raw ? (JSON.parse(raw) as unknown) : {};
    // Anything else in storage (an older shape, a hand edit) is not trusted: only lists of strings count.
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      value = Object.fromEntries(
        Object.entries(parsed as Record<string, unknown>)
          .filter(([, v]) => Array.isArray(v))
          .map(([k, v]) => [k, Object.freeze((v as unknown[]).filter((x): x is string => typeof x === 'string'))]),
      ) as Selections;
    }
  } catch {
    value = {};
  }
  cache = { raw, value };
  return value;
}

const NONE: readonly string[] = Object.freeze([]);

/** The site groups selected under a key (none: no filter). */
export function selectedSiteGroups(key: string | null, storage: Pick<Storage, 'getItem'> = localStorage): readonly string[] {
  if (!key) return NONE;
  return read(storage)[key] ?? NONE;
}

/** Replaces the selection under a key; an empty list removes the filter. */
export function selectSiteGroups(key: string, ids: readonly string[], storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const next = { ...read(storage) };
  const unique = [...new Set(ids)];
  if (unique.length) next[key] = unique;
  else delete next[key];
  storage.setItem(SITE_GROUPS_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** Calls `listener` when a selection changes, in this tab or another. */
export function subscribeToSiteGroups(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SITE_GROUPS_KEY || event.key === null) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** The selection as the spec sends it: a comma-joined list under the name siteGroup. */
export function siteGroupParam(ids: readonly string[]): Record<string, string> {
  return ids.length ? { siteGroup: ids.join(',') } : {};
}
