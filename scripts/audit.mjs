#!/usr/bin/env node
// CI's audit of the production dependencies (`npm audit --omit=dev`): fails on a high or critical
// finding that .ci/audit-exceptions.json does not name with the reason it cannot reach us (docs/security.md,
// "Dependencies and audit"). Where the registry's advisory service cannot be asked (this project's
// offline machines answer 405), nothing was checked: it says NOT CHECKED loudly and fails, unless
// AUDIT_UNREACHABLE=allow says that this machine is known to be unable to ask (issue 26). A pass must
// never stand for an audit that did not happen.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERIOUS = new Set(['high', 'critical']);

/**
 * The findings that fail the audit: high or critical, in a package no exception names.
 * `report` is `npm audit --json`'s output; `exceptions` maps package names to why they cannot reach us.
 */
export function unexcused(report, exceptions) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((v) => SERIOUS.has(v.severity) && !exceptions[v.name])
    .map((v) => ({ name: v.name, severity: v.severity, via: v.via.map((via) => (typeof via === 'string' ? via : (via.title ?? via.name))).join('; ') }));
}

/** Whether npm could not ask the advisory service at all (as opposed to asking and finding nothing). */
export const unanswered = (report) => !report.vulnerabilities;

/** The setting that lets an unreachable advisory service pass, and its one accepted value. */
export const UNREACHABLE_SETTING = 'AUDIT_UNREACHABLE';

/**
 * What to print and the exit status when the advisory service could not be asked: a banner that
 * cannot be missed in a CI log, and failure unless `env` allows it.
 */
export function notChecked(reason, env) {
  const allowed = env[UNREACHABLE_SETTING] === 'allow';
  const rule = '!'.repeat(78);
  const lines = [
    rule,
    `audit: NOT CHECKED: the registry's advisory service could not be asked (${reason})`,
    'audit: NOT CHECKED: no production dependency was checked for known vulnerabilities',
    allowed
      ? `audit: NOT CHECKED: passing anyway, because ${UNREACHABLE_SETTING}=allow (a machine known to have no advisory service)`
      : `audit: failing; where no advisory service can be reached, set ${UNREACHABLE_SETTING}=allow to pass knowingly`,
    rule,
  ];
  return { lines, status: allowed ? 0 : 1 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = { error: { summary: (run.stderr || run.stdout).split('\n').find(Boolean) ?? 'no answer' } };
  }
  if (unanswered(report)) {
    const { lines, status } = notChecked(report.error?.summary || report.message || 'no answer', process.env);
    for (const line of lines) console.error(line);
    process.exit(status);
  }
  const file = join(root, '.ci/audit-exceptions.json');
  const exceptions = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const failing = unexcused(report, exceptions);
  const counts = report.metadata?.vulnerabilities ?? {};
  console.log(
    `audit: production dependencies: ${Object.entries(counts)
      .filter(([k]) => k !== 'total')
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}`,
  );
  for (const finding of failing) console.error(`audit: ${finding.severity}: ${finding.name}: ${finding.via}`);
  process.exit(failing.length ? 1 : 0);
}
