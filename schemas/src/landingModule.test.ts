import { describe, expect, it } from 'vitest';
import { landingIsOneOfModules } from './landingModule.ts';

describe('landingIsOneOfModules', () => {
  it('allows a landing module among the modules, and none at all', () => {
    expect(landingIsOneOfModules('hs', ['mr', 'hs'])).toBe(true);
    expect(landingIsOneOfModules(null, ['mr'])).toBe(true);
    expect(landingIsOneOfModules(null, [])).toBe(true);
  });

  it('refuses one outside the modules', () => {
    expect(landingIsOneOfModules('lcc', ['mr', 'hs'])).toBe(false);
    expect(landingIsOneOfModules('lcc', [])).toBe(false);
  });

  it('allows any when the list is null: every module', () => {
    expect(landingIsOneOfModules('lcc', null)).toBe(true);
  });
});
