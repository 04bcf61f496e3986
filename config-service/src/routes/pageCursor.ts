import { PlatformError } from '../errors.ts';

/** Cursors are opaque to clients, so the paging key can change without breaking them. */
const encodeCursor = (id: string) => Buffer.from(JSON.stringify({ before: id })).toString('base64url');

export function decodeCursor(cursor: string): string {
  try {
    const { before } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown };
    if (typeof before === 'string' && /^\d{1,18}$/.test(before)) return before;
  } catch {
    // falls through to the error below
  }
  throw new PlatformError('CFG_ERR_CURSOR_INVALID', 'cursor is not one this service gave out');
}

/**
 * A page of `rows`, asked for as `limit + 1` (one more than the page tells whether there is a next page
 * without a second query), and the cursor that continues after its last row, or null on the last page.
 */
export function cutPage<T>(rows: T[], limit: number, keyOf: (row: T) => string): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(keyOf(page[page.length - 1]!)) : null };
}

/** A cursor that continues after a row of a list ordered by several text columns (a name, then an id). */
export const encodeAfterCursor = (key: readonly string[]) => Buffer.from(JSON.stringify({ after: key })).toString('base64url');

/** The key an after-cursor holds: `parts` strings of at most `partLength` characters each; anything else is refused. */
export function decodeAfterCursor(cursor: string, parts: number, partLength = 200): string[] {
  try {
    const { after } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (Array.isArray(after) && after.length === parts && after.every((part) => typeof part === 'string' && part.length <= partLength))
      return after as string[];
  } catch {
    // falls through to the error below
  }
  throw new PlatformError('CFG_ERR_CURSOR_INVALID', 'cursor is not one this service gave out');
}

/** The query properties every paged list takes: a page of at most 200 (50 when not asked), and where the last one ended. */
export const PAGE_QUERY_PROPERTIES = {
  // Filled in by the schema's validation (useDefaults), so the handlers and the API description agree on it.
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  cursor: { type: 'string', maxLength: 200 },
} as const;
