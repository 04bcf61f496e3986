import { describe, expect, it } from 'vitest';
import { matches } from './index.ts';

describe('matches (If-None-Match against the manifest tag)', () => {
  const tag = '"abc"';
  it('matches the tag itself, weak or strong, alone or in a list, and *', () => {
    for (const header of ['"abc"', 'W/"abc"', '"x", "abc"', ' "x" ,W/"abc" ', '*', ' * ']) expect(matches(header, tag), header).toBe(true);
  });
  it('matches nothing else', () => {
    for (const header of [undefined, '', '"ab"', 'abc', '"abc', '"x", "y"', 'W/"abcd"']) expect(matches(header, tag), String(header)).toBe(false);
  });
});
