import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isReleaseId, RELEASE_ID_PATTERN } from './releaseId.ts';

const schemasDir = new URL('../', import.meta.url);

describe('isReleaseId', () => {
  it('accepts 32 lower-case hex digits, and the 12 of a release stored before them', () => {
    for (const id of ['0123456789abcdef0123456789abcdef', '0123456789ab']) expect(isReleaseId(id)).toBe(true);
  });

  it('refuses any other length, capitals, other characters', () => {
    for (const id of ['', '0123456789a', '0123456789abc', '0'.repeat(31), '0'.repeat(33), '0'.repeat(64), '0123456789AB', '0123456789ag', '0123456789ab\n'])
      expect(isReleaseId(id)).toBe(false);
  });
});

describe('the release id definition', () => {
  it('is written once across the contracts; every other one refers to it', () => {
    const files = readdirSync(schemasDir).filter((f) => f.endsWith('.schema.json'));
    const text = (f: string) => readFileSync(new URL(f, schemasDir), 'utf8');
    expect(files.filter((f) => text(f).includes(JSON.stringify(RELEASE_ID_PATTERN)))).toEqual(['release-summary.schema.json']);
    expect(files.filter((f) => /\{12\}|\{32\}/.test(text(f)))).toEqual(['release-summary.schema.json']);
    expect(files.filter((f) => text(f).includes('release-summary.schema.json#/$defs/releaseId'))).toEqual(
      expect.arrayContaining([
        'release-list.schema.json',
        'release-pilot.schema.json',
        'release-state.schema.json',
        'release-step.schema.json',
        'release-summary.schema.json',
        'release.schema.json',
      ]),
    );
  });
});
