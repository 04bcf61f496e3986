import { describe, expect, it } from 'vitest';
import { mergeJson } from './mergeJson.ts';

describe('three-way merge of a manifest file', () => {
  it('takes each side’s own changes, key by key, with no conflict', () => {
    const base = { key: 'lcc', routes: [1] };
    const mine = { key: 'lcc', exposure: { enabledForNewCustomers: false }, routes: [1] };
    const theirs = { key: 'lcc', exposure: { roles: ['sentient'] }, routes: [1, 2] };
    const conflicts: string[] = [];
    expect(mergeJson(base, mine, theirs, conflicts)).toEqual({ key: 'lcc', exposure: { roles: ['sentient'], enabledForNewCustomers: false }, routes: [1, 2] });
    expect(conflicts).toEqual([]);
  });

  it('keeps mine where both changed the same value, naming its pointer', () => {
    const conflicts: string[] = [];
    expect(mergeJson({ name: 'A', routes: [1] }, { name: 'B', routes: [2] }, { name: 'C', routes: [3] }, conflicts)).toEqual({ name: 'B', routes: [2] });
    expect(conflicts).toEqual(['/name', '/routes']);
  });

  it('removes what one side removed, and agrees when both made the same change', () => {
    expect(mergeJson({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 2, c: 3 })).toEqual({ a: 1, c: 3 });
    const conflicts: string[] = [];
    expect(mergeJson({ a: 1 }, { a: 2 }, { a: 2 }, conflicts)).toEqual({ a: 2 });
    expect(conflicts).toEqual([]);
  });
});
