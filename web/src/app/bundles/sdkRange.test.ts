import { describe, expect, test } from 'vitest';
import { satisfiesRange } from './sdkRange.ts';

describe('satisfiesRange', () => {
  test.each([
    ['1.4.2', '^1.0.0'],
    ['1.4.2', '^1.4.2'],
    ['1.4.2', '~1.4.0'],
    ['1.4.2', '1.x'],
    ['1.4.2', '1'],
    ['1.4.2', '1.4'],
    ['1.4.2', '*'],
    ['1.4.2', ''],
    ['1.4.2', '1.4.2'],
    ['1.4.2', '=1.4.2'],
    ['1.4.2', '>=1.0.0 <2.0.0'],
    ['1.4.2', '>1.4.1'],
    ['1.4.2', '<=1.4'],
    ['1.4.2', '^2.0.0 || ^1.3.0'],
    ['0.2.5', '^0.2.1'],
    ['0.0.3', '^0.0.3'],
  ])('%s satisfies %s', (version, range) => {
    expect(satisfiesRange(version, range)).toBe(true);
  });

  test.each([
    ['2.0.0', '^1.0.0'],
    ['1.3.9', '^1.4.0'],
    ['1.5.0', '~1.4.0'],
    ['2.0.0', '1.x'],
    ['1.4.3', '1.4.2'],
    ['2.0.0', '>=1.0.0 <2.0.0'],
    ['1.4.2', '>1.4.2'],
    ['1.5.0', '<=1.4'],
    ['0.3.0', '^0.2.1'],
    ['0.0.4', '^0.0.3'],
    ['1.4.2', '>*'],
    // Forms this check does not read satisfy nothing: the bundle is refused, not run on a guess.
    ['1.4.2', '1.0.0 - 2.0.0'],
    ['1.4.2', 'latest'],
    ['1.4.2', '^one'],
  ])('%s does not satisfy %s', (version, range) => {
    expect(satisfiesRange(version, range)).toBe(false);
  });
});
