#!/usr/bin/env node
// The audit of the production dependencies (`npm audit --omit=dev`): fails on a high or critical finding
// that .ci/audit-exceptions.json does not name with the reason it cannot reach us (docs/security.md,
// "Dependencies and audit"; decision 0070). Where the registry's advisory service cannot be asked (this
// project's machines reach a mirror that answers 405), nothing was checked, and it says NOT CHECKED in a
// banner. Then two modes differ:
// - CI (no flag): fails, unless AUDIT_UNREACHABLE=allow says this machine is known to be unable to ask;
//   the banner also says whether a release build would pass, so the gap is seen long before a release.
// - Release (`--release`, run by the Dockerfile's build): AUDIT_UNREACHABLE counts for nothing; an
//   unchecked release goes out only under a dated exception that names who took it and why, and runs
//   out within MAX_UNCHECKED_DAYS. No advisory data reaches these machines any other way (no npm package
//   ships it; the offline OSV tools download theirs from outside the registry), so "not checked" must
//   end at a person's signature, never pass forever.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERIOUS = new Set(['high', 'critical']);
const DAY = 86_400_000;

/** The setting that lets CI pass where the advisory service cannot be asked, and its one accepted value. */
export const UNREACHABLE_SETTING = 'AUDIT_UNREACHABLE';

/** The furthest ahead an exception for an unchecked release may run: a person renews it at least this often. */
export const MAX_UNCHECKED_DAYS = 30;

/** Where the exceptions live, from the checkout's root (the image build lets this one file of `.ci` in). */
const EXCEPTIONS_FILE = '.ci/audit-exceptions.json';

/**
 * The findings that fail the audit: high or critical, in a package no exception names.
 * `report` is `npm audit --json`'s output; `packages` maps package names to why they cannot reach us.
 */
export function unexcused(report, packages) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((v) => SERIOUS.has(v.severity) && !packages[v.name])
    .map((v) => ({ name: v.name, severity: v.severity, via: v.via.map((via) => (typeof via === 'string' ? via : (via.title ?? via.name))).join('; ') }));
}

/** Whether npm could not ask the advisory service at all (as opposed to asking and finding nothing). */
export const unanswered = (report) => !report.vulnerabilities;

/**
 * The exceptions file: `packages` (name → why it cannot reach us) and `notChecked` (the dated exception
 * for a release that could not be checked). Any other key is refused rather than ignored, so a
 * misspelt exception cannot look recorded.
 */
export function readExceptions(text) {
  const { packages = {}, notChecked = null, ...unknown } = JSON.parse(text);
  const extra = Object.keys(unknown);
  if (extra.length) throw new Error(`${EXCEPTIONS_FILE}: unknown ${extra.map((key) => `"${key}"`).join(', ')}; only "packages" and "notChecked"`);
  return { packages, notChecked };
}

/**
 * Whether the dated exception lets a release go out unchecked on `today`: it says who took it (`by`) and
 * why, and its last day (`until`, inclusive) has not passed and is at most MAX_UNCHECKED_DAYS ahead.
 */
export function judgeException(exception, today) {
  if (!exception) return { holds: false, says: `no exception is recorded ("notChecked" in ${EXCEPTIONS_FILE})` };
  const { until, by, why } = exception;
  if (![by, why].every((text) => typeof text === 'string' && text.trim()))
    return { holds: false, says: `the exception in ${EXCEPTIONS_FILE} must say who took it ("by") and why ("why")` };
  const last = typeof until === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(until) ? Date.parse(until) : Number.NaN;
  if (Number.isNaN(last) || new Date(last).toISOString().slice(0, 10) !== until)
    return { holds: false, says: `the exception's "until" must be a day, YYYY-MM-DD (it is ${JSON.stringify(until)})` };
  const days = Math.round((last - Date.parse(today.toISOString().slice(0, 10))) / DAY);
  if (days < 0) return { holds: false, says: `the exception by ${by} ran out on ${until}, ${-days} day${-days === 1 ? '' : 's'} ago` };
  if (days > MAX_UNCHECKED_DAYS)
    return { holds: false, says: `the exception by ${by} runs to ${until}, ${days} days ahead; at most ${MAX_UNCHECKED_DAYS} are allowed` };
  return { holds: true, says: `excused by ${by} until ${until} (${days} day${days === 1 ? '' : 's'} left): ${why}` };
}

/**
 * What to print and the exit status when the advisory service could not be asked: a banner that cannot be
 * missed in a log. CI fails unless `env` allows it; a release fails unless the dated exception holds.
 */
export function notChecked(reason, { env = {}, release = false, exception = null, today = new Date() } = {}) {
  const allowed = env[UNREACHABLE_SETTING] === 'allow';
  const judged = judgeException(exception, today);
  const rule = '!'.repeat(78);
  const lines = [
    rule,
    `audit: NOT CHECKED: the registry's advisory service could not be asked (${reason})`,
    'audit: NOT CHECKED: no production dependency was checked for known vulnerabilities',
  ];
  if (release) {
    if (allowed) lines.push(`audit: NOT CHECKED: ${UNREACHABLE_SETTING}=allow counts for nothing in a release build`);
    lines.push(
      judged.holds
        ? `audit: NOT CHECKED: release passing unchecked, ${judged.says}`
        : `audit: NOT CHECKED: release refused: ${judged.says}; check where the registry's advisories answer, or record a dated exception (docs/security.md)`,
    );
  } else {
    lines.push(
      allowed
        ? `audit: NOT CHECKED: passing anyway, because ${UNREACHABLE_SETTING}=allow (a machine known to have no advisory service)`
        : `audit: failing; where no advisory service can be reached, set ${UNREACHABLE_SETTING}=allow to pass knowingly`,
      judged.holds
        ? `audit: NOT CHECKED: a release build would pass unchecked, ${judged.says}`
        : `audit: NOT CHECKED: a release build would be refused: ${judged.says}`,
    );
  }
  lines.push(rule);
  return { lines, status: (release ? judged.holds : allowed) ? 0 : 1 };
}

/** `npm audit --omit=dev --json` in `dir`: its output, whatever its exit status (1 when it finds anything). */
function npmAudit(dir, env) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['audit', '--omit=dev', '--json'], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => resolve({ stdout: '', stderr: error.message }));
    child.on('close', () => resolve({ stdout, stderr }));
  });
}

/** The whole audit of the checkout at `dir`: the lines to print and the exit status. */
export async function runAudit({ dir = root, env = process.env, release = false, today = new Date() } = {}) {
  const file = join(dir, EXCEPTIONS_FILE);
  const { packages, notChecked: exception } = existsSync(file) ? readExceptions(readFileSync(file, 'utf8')) : readExceptions('{}');
  const run = await npmAudit(dir, env);
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = { error: { summary: (run.stderr || run.stdout).split('\n').find(Boolean) ?? 'no answer' } };
  }
  if (unanswered(report)) return notChecked(report.error?.summary || report.message || 'no answer', { env, release, exception, today });
  const failing = unexcused(report, packages);
  const counts = Object.entries(report.metadata?.vulnerabilities ?? {})
    .filter(([severity]) => severity !== 'total')
    .map(([severity, n]) => `${n} ${severity}`)
    .join(', ');
  const lines = [
    `audit: checked the production dependencies against the registry's advisories: ${counts}`,
    ...failing.map((finding) => `audit: ${finding.severity}: ${finding.name}: ${finding.via}`),
  ];
  return { lines, status: failing.length ? 1 : 0 };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { lines, status } = await runAudit({ release: process.argv.includes('--release') });
  for (const line of lines) console.error(line);
  process.exit(status);
}
