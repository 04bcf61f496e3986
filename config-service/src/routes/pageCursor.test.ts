import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.ts';
import { cutPage, decodeAfterCursor, decodeCursor, encodeAfterCursor } from './pageCursor.ts';

const rows = ['9', '8', '7'].map((id) => ({ id }));
const key = (row: { id: string }) => row.id;

describe('cutPage', () => {
  it('keeps the page and points the cursor past its last row when one more row came back', () => {
    const { page, nextCursor } = cutPage(rows, 2, key);
    expect(page).toEqual([{ id: '9' }, { id: '8' }]);
    expect(decodeCursor(nextCursor!)).toBe('8');
  });

  it('gives no cursor when the rows just fill the page, or fall short of it', () => {
    expect(cutPage(rows, 3, key)).toEqual({ page: rows, nextCursor: null });
    expect(cutPage(rows, 5, key)).toEqual({ page: rows, nextCursor: null });
    expect(cutPage([], 5, key)).toEqual({ page: [], nextCursor: null });
  });
});

describe('decodeCursor', () => {
  it('refuses a cursor this service did not give out with CFG_ERR_CURSOR_INVALID', () => {
    const failure = (() => {
      try {
        return decodeCursor('not-ours');
      } catch (error) {
        return error;
      }
    })();
    expect(isPlatformError(failure) && failure.code).toBe('CFG_ERR_CURSOR_INVALID');
  });
});

describe('after-cursors', () => {
  it('give back the key they were made from', () => {
    expect(decodeAfterCursor(encodeAfterCursor(['Acme Industrial', 'acme']), 2)).toEqual(['Acme Industrial', 'acme']);
  });

  it.each([
    ['not base64 JSON', 'not-ours'],
    ['a before-cursor', Buffer.from('{"before":"12"}').toString('base64url')],
    ['a key of another length', encodeAfterCursor(['only one'])],
    ['a key that is not text', Buffer.from('{"after":[1,2]}').toString('base64url')],
    ['a key part over 200 characters', encodeAfterCursor(['x'.repeat(201), 'acme'])],
  ])('refuse %s with CFG_ERR_CURSOR_INVALID', (_case, cursor) => {
    expect(() => decodeAfterCursor(cursor, 2)).toThrow(expect.objectContaining({ code: 'CFG_ERR_CURSOR_INVALID' }));
  });
});
