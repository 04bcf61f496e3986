/**
 * The detail screens each user opened lately, in localStorage, so a form asking for an id can offer
 * the ones they used (decision 0075). Bounded: a few per screen, a few screens' worth per user, a few
 * users per browser; the oldest go first.
 */
const RECENT_KEY = 'platform.recentOpenings';
/** Openings kept per user, across all screens. */
const PER_USER = 30;
/** Users kept per browser (people sharing one). */
const USERS = 5;
/** A longer value is not kept: an id is short, and a pasted paragraph is not worth offering again. */
const VALUE_CHARS = 200;

type Params = Record<string, string>;
interface Opening {
  /** The screen's path pattern ('/asset-life/sites/:site_id'). */
  pattern: string;
  params: Params;
}
type Stored = { sub: string; openings: Opening[] }[];
type Store = Pick<Storage, 'getItem' | 'setItem'>;

const isParams = (value: unknown): value is Params =>
  !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

function readAll(storage: Pick<Storage, 'getItem'>): Stored {
  try {
    const parsed = JSON.parse(storage.getItem(RECENT_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((u): u is { sub: string; openings: unknown[] } => typeof u?.sub === 'string' && Array.isArray(u.openings))
      .map((u) => ({
        sub: u.sub,
        openings: u.openings.filter((o): o is Opening => typeof (o as Opening)?.pattern === 'string' && isParams((o as Opening).params)),
      }));
  } catch {
    return [];
  }
}

const same = (a: Params, b: Params) => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The user opened the screen at `pattern` with these values: it comes first in their recent list. */
export function rememberOpening(sub: string, pattern: string, params: Params, storage: Store = localStorage): void {
  if (Object.values(params).some((v) => v.length > VALUE_CHARS)) return;
  const all = readAll(storage);
  const mine = all.find((u) => u.sub === sub)?.openings ?? [];
  const openings = [{ pattern, params }, ...mine.filter((o) => o.pattern !== pattern || !same(o.params, params))].slice(0, PER_USER);
  const next = [{ sub, openings }, ...all.filter((u) => u.sub !== sub)].slice(0, USERS);
  try {
    storage.setItem(RECENT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the list is a convenience, the screen opened anyway.
  }
}

/** The values the user lately opened the screen at `pattern` with, newest first. */
export function recentOpenings(sub: string, pattern: string, storage: Pick<Storage, 'getItem'> = localStorage): Params[] {
  return (readAll(storage).find((u) => u.sub === sub)?.openings ?? []).filter((o) => o.pattern === pattern).map((o) => o.params);
}
