import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from './constants.ts';

describe('constants', () => {
  it('the stylesheet lays out for a phone at the same width the code uses', () => {
    const css = readFileSync(new URL('../styles.css', import.meta.url), 'utf8');
    const widths = [...css.matchAll(/@media \(max-width: (\d+)px\)/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    expect(new Set(widths)).toEqual(new Set([MOBILE_BREAKPOINT_PX]));
  });
});
