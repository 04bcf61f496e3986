import { describe, expect, it } from 'vitest';
import { isDemoOrLocal, KNOWN_ENVIRONMENTS } from './environments.ts';

describe('isDemoOrLocal', () => {
  it('is true for local and demo, where the web app shows /loading', () => {
    expect(isDemoOrLocal('local')).toBe(true);
    expect(isDemoOrLocal('demo')).toBe(true);
  });

  it('is false for any other name', () => {
    for (const environment of ['production', 'staging', 'dev', 'Local', 'DEMO', 'local-1', '']) expect(isDemoOrLocal(environment)).toBe(false);
  });
});

describe('KNOWN_ENVIRONMENTS', () => {
  it('offers demo, local and the deployed ones, each a valid exposure name once', () => {
    expect(KNOWN_ENVIRONMENTS.filter(isDemoOrLocal)).toEqual(['local', 'demo']);
    expect(KNOWN_ENVIRONMENTS).toContain('production');
    expect(new Set(KNOWN_ENVIRONMENTS).size).toBe(KNOWN_ENVIRONMENTS.length);
    for (const environment of KNOWN_ENVIRONMENTS) expect(environment).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
