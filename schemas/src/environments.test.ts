import { describe, expect, it } from 'vitest';
import { isLocalEnvironment, KNOWN_ENVIRONMENTS } from './environments.ts';

describe('isLocalEnvironment', () => {
  it('is true for local and demo', () => {
    expect(isLocalEnvironment('local')).toBe(true);
    expect(isLocalEnvironment('demo')).toBe(true);
  });

  it('is false for any other name, which is production', () => {
    for (const environment of ['production', 'staging', 'dev', 'Local', 'DEMO', 'local-1', '']) expect(isLocalEnvironment(environment)).toBe(false);
  });
});

describe('KNOWN_ENVIRONMENTS', () => {
  it('offers the local environments and the deployed ones, each a valid exposure name once', () => {
    expect(KNOWN_ENVIRONMENTS.filter(isLocalEnvironment)).toEqual(['local', 'demo']);
    expect(KNOWN_ENVIRONMENTS).toContain('production');
    expect(new Set(KNOWN_ENVIRONMENTS).size).toBe(KNOWN_ENVIRONMENTS.length);
    for (const environment of KNOWN_ENVIRONMENTS) expect(environment).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});
