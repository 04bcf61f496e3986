import { configDefaults, defineConfig } from 'vitest/config';
import { vitestTags } from './scripts/hardeningGroups.mjs';
import { manifestValidators } from './web/build/manifestValidators.ts';

// Vitest warns on every run that type tests are experimental. They are chosen knowingly (decision 0031),
// so the notice says nothing new; this exact message alone is dropped, before the projects' configs are read.
const TYPECHECK_NOTICE = 'Testing types with tsc and vue-tsc is an experimental feature.';
const writeError = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) =>
  String(chunk).includes(TYPECHECK_NOTICE) ? true : writeError(chunk, ...rest)) as typeof process.stderr.write;

// Service tests that cannot share the worker of the project `service`, so run in a process of their own
// each: one that replaces a module with vi.mock (an earlier file may have loaded it unmocked), and those
// that submit runs to the local Model Runtime, which keeps its domains' runs in a module for the
// process's life (modelRuntime.test.ts lists them exactly).
const SERVICE_ISOLATED = [
  'config-service/src/hardening/manifestInput.test.ts',
  'config-service/src/hardening/tenantsAndRoles.test.ts',
  'config-service/src/local/modelRuntime/modelRuntime.test.ts',
];

// Unit tests sit beside the code they test; end-to-end specs live in tests/ and run under Playwright.
export default defineConfig({
  // As the page's import map does, the SDK's bare name resolves to the shell's implementation, so a
  // component test can import a fixture bundle as a browser would (web/src/app/bundles/BundleHost.test.tsx).
  // The release editor's schema checks, compiled as the build compiles them, so its component test checks as the browser does.
  plugins: [manifestValidators()],
  resolve: { alias: [{ find: /^@platform\/module-sdk$/, replacement: new URL('web/src/moduleRuntime/moduleSdk.tsx', import.meta.url).pathname }] },
  test: {
    // Component tests opt into a DOM with a `// @vitest-environment jsdom` docblock; the rest stay in
    // node, which starts faster and keeps browser globals out of service code (decision 0031).
    environment: 'node',
    testTimeout: 20_000,
    // Opening PGlite (WebAssembly) in a before-hook takes seconds on a busy 2-core machine.
    hookTimeout: 30_000,
    // The hardening groups `npm test` counts tests for, by the tag each test carries.
    tags: vitestTags,
    // Two projects so that a run of web or schema tests alone starts no database: vitest runs a
    // project's global setup only when one of its files is queued.
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          setupFiles: ['scripts/vitestFastCheck.mjs', 'scripts/vitestTestingLibrary.mjs'],
          include: ['web/src/**/*.test.{ts,tsx}', 'web/build/**/*.test.ts', 'schemas/src/**/*.test.ts', 'modules/*/src/**/*.test.tsx'],
          // Type-level tests run in the same run and count in its totals. tsc checks a project of their own,
          // the test-d files and what they import, so the check stays a few seconds.
          typecheck: { enabled: true, include: ['schemas/src/**/*.test-d.ts', 'web/module-sdk/src/**/*.test-d.ts'], tsconfig: 'schemas/tsconfig.test-d.json' },
        },
      },
      {
        extends: true,
        test: {
          name: 'service',
          include: ['config-service/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: [...configDefaults.exclude, ...SERVICE_ISOLATED],
          // Without Testing Library: its setup file only sets how long findBy waits in a DOM.
          setupFiles: ['scripts/vitestFastCheck.mjs'],
          // One worker process runs file after file (decision 0097): Node, the service's modules and
          // PGlite's compiled WebAssembly are loaded once, not once per file. Tests may not leave state
          // behind in modules, process.env or timers; a file that must goes in SERVICE_ISOLATED.
          isolate: false,
          // A real PostgreSQL server on loopback for the tests that need one; see scripts/testPostgres.mjs.
          globalSetup: ['scripts/vitestGlobalPostgres.mjs'],
        },
      },
      {
        extends: true,
        test: {
          name: 'service-isolated',
          include: SERVICE_ISOLATED,
          setupFiles: ['scripts/vitestFastCheck.mjs'],
        },
      },
    ],
  },
});
