import { describe, expect, it } from 'vitest';
import { META_MAX_LENGTH, readMetaClaim } from './readMetaClaim.ts';

describe('readMetaClaim', () => {
  it('keeps the object the pool wrote, whatever its keys and values', () => {
    const meta = { department: 'Maintenance', site: 'Plant 4', badge: 1042, tags: ['a'], manager: null };
    expect(readMetaClaim({ 'custom:meta': JSON.stringify(meta) })).toEqual(meta);
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['not JSON', '{department:'],
    ['a list', '["a"]'],
    ['a string', '"Maintenance"'],
    ['null', 'null'],
    ['longer than a custom attribute can be', JSON.stringify({ note: 'x'.repeat(META_MAX_LENGTH) })],
  ])('leaves out a meta claim that is %s, without refusing anyone', (_name, raw) => {
    expect(readMetaClaim({ 'custom:meta': raw })).toBeUndefined();
  });
});
