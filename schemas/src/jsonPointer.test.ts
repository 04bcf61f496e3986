import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointerSegment, lineAndColumn, lineLocator, pointerPath, unescapePointerSegment } from './jsonPointer.ts';

describe('JSON pointer segments', () => {
  it('write "~" and "/" as RFC 6901 says', () => {
    expect(escapePointerSegment('a/b~c')).toBe('a~1b~0c');
    // '~01' is a '~' followed by '1', not a '/': '~1' must be read before '~0' is turned back.
    expect(unescapePointerSegment('~01')).toBe('~1');
  });

  it('read back any property name written as a segment', () => {
    fc.assert(fc.property(fc.string(), (name) => unescapePointerSegment(escapePointerSegment(name)) === name));
  });
});

describe('pointerPath', () => {
  it('walks from the root, with array indexes as numbers', () => {
    expect(pointerPath('')).toEqual([]);
    expect(pointerPath('/routes/3/path')).toEqual(['routes', 3, 'path']);
    expect(pointerPath('/exposure/a~1b')).toEqual(['exposure', 'a/b']);
  });
});

describe('lineAndColumn', () => {
  it('counts from 1, as editors do', () => {
    const text = '{\n  "name": 1\n}';
    expect(lineAndColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn(text, text.indexOf('"name"'))).toEqual({ line: 2, column: 3 });
  });
});

describe('lineLocator', () => {
  it('places every offset on the line and column that counting the newlines before it gives', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', ' ') }), fc.nat(), (text, n) => {
        const offset = n % (text.length + 1);
        const before = text.slice(0, offset);
        expect(lineLocator(text)(offset)).toEqual({ line: before.split('\n').length, column: offset - before.lastIndexOf('\n') });
      }),
    );
  });
});
