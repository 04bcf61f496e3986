#!/usr/bin/env node
// `npm test`: unit tests (vitest), then end-to-end tests (Playwright in Debian's Chromium against
// the platform as `npm start` runs it). Ends with one line of totals over both runners:
// "N passed, M failed". Exits non-zero when any test failed or a runner could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'asset-platform-tests-'));
const only = process.argv[2]; // 'unit' or 'e2e' to run one runner
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

function run(name, command, args, env, readCounts) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const counts = readCounts();
  if (!counts) {
    console.error(`${name}: the runner left no results (exit ${result.status})`);
    broken = true;
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (result.status !== 0 && counts.failed === 0) {
    console.error(`${name}: exited ${result.status} with no failed test`);
    broken = true;
  }
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);

if (only !== 'e2e') {
  const out = join(work, 'vitest.json');
  run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {}, () => {
    const r = readJson(out);
    return r && { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
  });
}

if (only !== 'unit') {
  const out = join(work, 'playwright.json');
  const dataDir = join(work, 'data');
  run(
    'e2e',
    'npx',
    ['playwright', 'test', '--config', 'tests/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_DATA_DIR: dataDir },
    () => {
      const r = readJson(out);
      return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
    },
  );
}

rmSync(work, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
