import { describe, expect, it } from 'vitest';
import { isLocalEnvironment } from './environments.ts';

describe('isLocalEnvironment', () => {
  it('is true for local and demo', () => {
    expect(isLocalEnvironment('local')).toBe(true);
    expect(isLocalEnvironment('demo')).toBe(true);
  });

  it('is false for any other name, which is production', () => {
    for (const environment of ['production', 'staging', 'dev', 'Local', 'DEMO', 'local-1', '']) expect(isLocalEnvironment(environment)).toBe(false);
  });
});
