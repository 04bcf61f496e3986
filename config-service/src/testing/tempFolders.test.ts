import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFolders } from './tempFolders.ts';

// Suites run in order: the second sees what the first's afterAll left.
const made: string[] = [];

describe('folders made with tempFolders()', () => {
  const tempFolder = tempFolders();

  it('are new, empty and apart', () => {
    made.push(tempFolder('temp-folders-'), tempFolder('temp-folders-'));
    expect(made.every(existsSync)).toBe(true);
    expect(new Set(made).size).toBe(2);
  });
});

describe('after the tests that made them', () => {
  it('are gone', () => {
    expect(made).toHaveLength(2);
    expect(made.filter(existsSync)).toEqual([]);
  });
});
