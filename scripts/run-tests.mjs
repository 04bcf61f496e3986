#!/usr/bin/env node
// `npm test`: unit tests (vitest), the load suite (vitest, alone), the packaging test again on the image's
// Node where IMAGE_NODE names it (CI), then end-to-end tests (Playwright in Debian's Chromium against the
// platform as `npm start` runs it). Prints the hardening groups' counts, then ends with one line of totals
// over all runners: "N passed, M failed". Exits non-zero when any test failed or a runner could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'asset-platform-tests-'));
const only = process.argv[2]; // 'unit', 'load', 'image-node' or 'e2e' to run one runner
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

// Issue #9's hardening groups: which test files make up each, and how many tests each ran.
const GROUPS = [
  ['tokens', /hardening\/hostileTokens\.test/],
  ['tenants and roles', /hardening\/tenantsAndRoles\.test/],
  ['redirects', /(safeRedirect\.test|redirects\.spec)/],
  ['input', /(\.property\.test|hardening\/(manifestInput|bodies)\.test)/],
  ['faults', /(hardening\/(databaseDown|killedMidWrites)\.test|faults\.spec)/],
  ['load', /\.load\.ts/],
  ['headers and limits', /hardening\/headersAndLimits\.test/],
  ['accessibility', /accessibility\.spec/],
];
const groupCounts = new Map(GROUPS.map(([name]) => [name, { passed: 0, failed: 0 }]));
function countGroups(file, passed, failed) {
  for (const [name, pattern] of GROUPS) {
    if (!pattern.test(file)) continue;
    groupCounts.get(name).passed += passed;
    groupCounts.get(name).failed += failed;
  }
}
const vitestGroups = (r) => {
  for (const f of r.testResults) {
    const states = f.assertionResults.map((a) => a.status);
    countGroups(f.name, states.filter((x) => x === 'passed').length, states.filter((x) => x === 'failed').length);
  }
};
function playwrightGroups(suites, file) {
  for (const suite of suites ?? []) {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      const ok = spec.tests.every((t) => t.status === 'expected' || t.status === 'flaky');
      countGroups(here, ok ? 1 : 0, ok ? 0 : 1);
    }
    playwrightGroups(suite.suites, here);
  }
}

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

/** Reads a vitest JSON report's counts (and the groups' share of them); undefined where there is none. */
const vitestCounts = (out) => () => {
  const r = readJson(out);
  if (r) vitestGroups(r);
  return r && { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};

for (const [name, config] of [['unit', 'vitest.config.ts'], ['load', 'vitest.load.config.ts']]) {
  if (only && only !== name) continue;
  const out = join(work, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {}, vitestCounts(out));
}

// The packaging test again on the image's Node line, where CI fetched it (scripts/image-node.mjs): the
// compiled service starts as the image starts it, on the image's Node rather than only on this machine's.
const imageNode = process.env.IMAGE_NODE;
if (imageNode && (!only || only === 'image-node')) {
  const out = join(work, 'image-node.json');
  // vitest run by that node; its workers and the service the test starts take process.execPath.
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  const args = [vitest, 'run', 'scripts/packaging.test.mjs', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  run('image-node', imageNode, args, { PATH: `${dirname(imageNode)}${delimiter}${process.env.PATH}` }, vitestCounts(out));
}

if (!only || only === 'e2e') {
  const out = join(work, 'playwright.json');
  const dataDir = join(work, 'data');
  run(
    'e2e',
    'npx',
    ['playwright', 'test', '--config', 'tests/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_DATA_DIR: dataDir },
    () => {
      const r = readJson(out);
      if (r) playwrightGroups(r.suites);
      return r && { passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped };
    },
  );
}

rmSync(work, { recursive: true, force: true });
console.log('\nhardening (issue #9), tests per group; each suite prints its own count of cases above:');
for (const [name, { passed, failed }] of groupCounts) console.log(`  ${name.padEnd(20)} ${passed} passed, ${failed} failed`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
