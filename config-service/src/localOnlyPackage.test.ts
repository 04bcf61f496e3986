import { describe, expect, it } from 'vitest';
import { localOnlyPackage } from './localOnlyPackage.ts';

describe('localOnlyPackage', () => {
  it('finds an installed package and says undefined for one that is not installed', () => {
    expect(localOnlyPackage('pino-pretty')).toMatch(/node_modules\/pino-pretty\//);
    expect(localOnlyPackage('cognito-local/lib/bin/start.js')).toMatch(/cognito-local\/lib\/bin\/start\.js$/);
    expect(localOnlyPackage('no-such-package-in-this-tree')).toBeUndefined();
  });
});
