import { describe, expect, test } from 'vitest';
import { isSdkRange, satisfiesSdkRange } from './sdkRange.ts';

describe('satisfiesSdkRange', () => {
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
    // Both refused in the browser by its own parser while the service accepted them at publish (issue 36).
    ['1.4.2', '1.0.0 - 1.9.0'],
    ['1.4.2', '>= 1.0.0'],
    ['1.4.2', '1.0.0 - 2.0.0'],
  ])('%s satisfies %s', (version, range) => {
    expect(satisfiesSdkRange(version, range)).toBe(true);
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
    // What is not a range satisfies nothing: the bundle is refused, not run on a guess.
    ['1.4.2', 'latest'],
    ['1.4.2', '^one'],
    ['1.4.2', `^1.0.0${' '.repeat(200)}`],
  ])('%s does not satisfy %s', (version, range) => {
    expect(satisfiesSdkRange(version, range)).toBe(false);
  });
});

describe('isSdkRange', () => {
  test.each(['^1.0.0', '1.0.0 - 1.9.0', '>= 1.0.0', '1.x || 2.x', '*'])('accepts %s', (range) => {
    expect(isSdkRange(range)).toBe(true);
  });

  test.each([['latest'], ['^one'], [1], [null], ['^1.0.0'.padEnd(201, ' ')]])('refuses %j', (range) => {
    expect(isSdkRange(range)).toBe(false);
  });
});
