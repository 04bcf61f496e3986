import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, test } from 'vitest';
import * as jsxRuntime from './sharedJsxRuntime.ts';
import * as shared from './sharedReact.ts';

// React's production build, the one the shell ships, whatever NODE_ENV this test runs under.
const require = createRequire(import.meta.url);
const reactDir = dirname(require.resolve('react/package.json'));
const production = require(join(reactDir, 'cjs/react.production.js')) as Record<string, unknown>;
const productionJsx = require(join(reactDir, 'cjs/react-jsx-runtime.production.js')) as Record<string, unknown>;

describe('the shared React a bundle imports', () => {
  test('exports every name of React, and React itself as the default', () => {
    expect(
      Object.keys(shared)
        .filter((name) => name !== 'default')
        .sort(),
    ).toEqual(Object.keys(production).sort());
  });

  test('is the React the shell renders with, not a copy', async () => {
    const react = await import('react');
    expect(shared.default).toBe(react.default);
    expect(shared.useState).toBe(react.useState);
  });

  test('exports every name of the JSX runtime', () => {
    expect(Object.keys(jsxRuntime).sort()).toEqual(Object.keys(productionJsx).sort());
  });
});
