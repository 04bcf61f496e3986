import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapePointerSegment, lineAndColumn, lineLocator, nodeLocator, pointerPath, unescapePointerSegment, type JsonTreeNode } from './jsonPointer.ts';

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

describe('nodeLocator', () => {
  // {"a": {"b": 1, "b": 2}, "list": [true]} as jsonc-parser's parseTree gives it, pared down.
  const leaf = (type: string, value: unknown): JsonTreeNode => ({ type, value });
  const property = (name: string, value: JsonTreeNode): JsonTreeNode => ({ type: 'property', children: [leaf('string', name), value] });
  const first = leaf('number', 1);
  const inner: JsonTreeNode = { type: 'object', children: [property('b', first), property('b', leaf('number', 2))] };
  const list = { type: 'array', children: [leaf('boolean', true)] };
  const root: JsonTreeNode = { type: 'object', children: [property('a', inner), property('list', list)] };

  it('walks names and indexes, taking the first of repeated keys', () => {
    const at = nodeLocator(root);
    expect(at('/a/b')).toEqual({ node: first, complete: true });
    expect(at('/list/0')).toEqual({ node: list.children[0], complete: true });
    expect(at('')).toEqual({ node: root, complete: true });
  });

  it('stops at the nearest node that exists', () => {
    const at = nodeLocator(root);
    expect(at('/a/c/d')).toEqual({ node: inner, complete: false });
    expect(at('/list/5')).toEqual({ node: list, complete: false });
    expect(at('/list/x')).toEqual({ node: list, complete: false });
  });
});
