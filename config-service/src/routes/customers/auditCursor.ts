import { PlatformError } from '../../errors.ts';

/** Cursors are opaque to clients, so the paging key can change without breaking them. */
export const encodeCursor = (id: string) => Buffer.from(JSON.stringify({ before: id })).toString('base64url');

export function decodeCursor(cursor: string): string {
  try {
    const { before } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown };
    if (typeof before === 'string' && /^\d{1,18}$/.test(before)) return before;
  } catch {
    // falls through to the error below
  }
  throw new PlatformError('CFG_ERR_BAD_REQUEST', 'cursor is not one this service gave out');
}
