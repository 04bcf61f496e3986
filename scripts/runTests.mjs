#!/usr/bin/env node
// `npm test`: unit tests (vitest), the load suite (vitest, alone), the packaging test again on the image's
// Node where IMAGE_NODE names it (CI), then end-to-end tests (Playwright in Debian's Chromium against the
// platform as `npm start` runs it). Prints each runner's counts and the hardening groups' (by the tags the
// runners report on each test, decision 0034), then ends with one line of totals over all runners:
// "N passed, M failed". Exits non-zero when any test failed or a runner could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HARDENING_GROUPS } from './hardeningGroups.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'asset-platform-tests-'));
const only = process.argv[2]; // 'unit', 'load', 'image-node' or 'e2e' to run one runner
const totals = { passed: 0, failed: 0, skipped: 0 };
let broken = false;

// The hardening groups' counts, from the tags the runners report on each test (scripts/hardeningGroups.mjs).
const groupCounts = new Map(HARDENING_GROUPS.map(({ tag }) => [tag, { passed: 0, failed: 0 }]));
/** Adds one test's outcome ('passed', 'failed', or anything else: not counted) to each group whose tag it carries. */
function countTagged(tags, outcome) {
  if (outcome !== 'passed' && outcome !== 'failed') return;
  for (const tag of tags) {
    const counts = groupCounts.get(tag);
    if (counts) counts[outcome] += 1;
  }
}
const vitestGroups = (report) => {
  for (const file of report.testResults) for (const test of file.assertionResults) countTagged(test.tags ?? [], test.status);
};
// No retries are configured, so 'flaky' does not occur; were it to, the test passed in the end.
const PLAYWRIGHT_OUTCOMES = { expected: 'passed', flaky: 'passed', unexpected: 'failed' };
function playwrightGroups(suites) {
  for (const suite of suites ?? []) {
    // A spec's tags include those of the describes around it.
    for (const spec of suite.specs ?? []) for (const test of spec.tests) countTagged(spec.tags, PLAYWRIGHT_OUTCOMES[test.status]);
    playwrightGroups(suite.suites);
  }
}
const runnerCounts = [];

function run(name, command, args, env, readCounts) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const counts = readCounts();
  if (!counts) {
    console.error(`${name}: the runner left no results (exit ${result.status})`);
    broken = true;
    return;
  }
  runnerCounts.push([name, counts]);
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

for (const [name, config] of [
  ['unit', 'vitest.config.ts'],
  ['load', 'vitest.load.config.ts'],
]) {
  if (only && only !== name) continue;
  const out = join(work, `${name}.json`);
  run(name, 'npx', ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {}, vitestCounts(out));
}

// The packaging tests again on the image's Node line, where CI fetched it (scripts/imageNode.mjs): the
// compiled service starts as the image starts it, on the image's Node rather than only on this machine's.
const imageNode = process.env.IMAGE_NODE;
if (imageNode && (!only || only === 'image-node')) {
  const out = join(work, 'image-node.json');
  // vitest run by that node; its workers and the service the test starts take process.execPath.
  const vitest = join(root, 'node_modules/vitest/vitest.mjs');
  const args = [
    vitest,
    'run',
    'scripts/packagingImage.test.mjs',
    'scripts/packagingDeploy.test.mjs',
    'scripts/packagingStart.test.mjs',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ];
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

// A failed journey's trace is in the e2e data folder: kept for a look when anything failed.
if (totals.failed || broken) console.log(`\nkept ${work} (end-to-end traces in ${join(work, 'data', 'test-results')})`);
else rmSync(work, { recursive: true, force: true });
console.log('\ntests per runner, as each reported them:');
for (const [name, { passed, failed, skipped }] of runnerCounts)
  console.log(`  ${name.padEnd(20)} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
console.log('hardening, tests per group (by the hardening/… tag the runners report on each test):');
for (const { tag, name } of HARDENING_GROUPS) {
  const { passed, failed } = groupCounts.get(tag);
  console.log(`  ${name.padEnd(20)} ${passed} passed, ${failed} failed`);
}
console.log(totals.skipped ? `\n${totals.skipped} skipped` : '');
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(broken || totals.failed > 0 ? 1 : 0);
