import { describe, expect, it } from 'vitest';
import { RecentList } from './recentList.ts';

describe('RecentList', () => {
  it('keeps the newest items, newest first', () => {
    const recent = new RecentList<number>(3);
    for (const n of [1, 2, 3, 4, 5]) recent.add(n);
    expect(recent.newestFirst()).toEqual([5, 4, 3]);
  });

  it('hands out a copy, so a reader cannot change what is kept', () => {
    const recent = new RecentList<number>(3);
    recent.add(1);
    recent.newestFirst().push(99);
    expect(recent.newestFirst()).toEqual([1]);
  });
});
