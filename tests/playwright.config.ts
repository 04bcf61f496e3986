import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

// End-to-end tests run against the platform exactly as `npm start` runs it, on ports of their own
// so a platform a developer has running is left alone.
const port = Number(process.env.E2E_PORT ?? 8181);
const root = join(import.meta.dirname, '..');
export const baseURL = `http://localhost:${port}`;
// A fresh identity-provider data folder per run: journeys such as MFA set-up change demo accounts.
// Set here in the main process, the variable reaches the workers, which then keep it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'asset-platform-e2e-'));
// The platform serves a copy of route-manifests/, which the hot-reload journey edits.
if (!process.env.E2E_MANIFESTS_DIR) {
  process.env.E2E_MANIFESTS_DIR = join(process.env.E2E_DATA_DIR, 'route-manifests');
  cpSync(join(root, 'route-manifests'), process.env.E2E_MANIFESTS_DIR, { recursive: true });
}

export default defineConfig({
  testDir: '.',
  // Traces of failed tests go with the run's other data, not into the checkout.
  outputDir: join(process.env.E2E_DATA_DIR, 'test-results'),
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'chromium', testMatch: /.*\.spec\.ts/, dependencies: ['setup'] },
    // Journeys that change what other specs' users see (customer module switches) run after them all.
    { name: 'after-specs', testMatch: /.*\.serial\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: root,
    url: `${baseURL}/api/v1/config`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      LOCAL_IDP_PORT: String(Number(process.env.E2E_IDP_PORT ?? 9431)),
      DATA_DIR: process.env.E2E_DATA_DIR,
      MANIFESTS_DIR: process.env.E2E_MANIFESTS_DIR,
      ENVIRONMENT: 'local',
      LOG_LEVEL: 'warn',
      // A disable reaches the refusal of the user's tokens within a second (disabledAccount.spec.ts), not ten.
      USER_STATUS_CACHE_SECONDS: '1',
    },
  },
});
