import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const docs = readFileSync(new URL('../../../docs/errors.md', import.meta.url), 'utf8');
const root = new URL('../', import.meta.url);

/** Each `[code, file]` the web app's sources write; tests and their helpers may name codes that do not exist. */
const raised = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !/\.(test|test-d|property\.test)\.tsx?$/.test(file) && !file.startsWith('testing/'))
  .flatMap((file) => [...readFileSync(new URL(file, root), 'utf8').matchAll(/['"`](WEB_ERR_[A-Z0-9_]+)['"`]/g)].map((m) => [m[1]!, file] as const));

/** The codes of the rows of docs/errors.md's section for the web app: the first cell, in backticks. */
function documented(): string[] {
  const start = docs.indexOf('\n## In the web app: the user at a screen\n');
  expect(start, 'docs/errors.md has no section "In the web app: the user at a screen"').toBeGreaterThanOrEqual(0);
  const end = docs.indexOf('\n## ', start + 1);
  return [...docs.slice(start, end < 0 ? undefined : end).matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);
}

describe('every code the web app gives its errors', () => {
  it('is found by the scan in the file known to raise it (the scan itself works)', () => {
    expect(raised).toContainEqual(['WEB_ERR_NETWORK', 'api/apiErrors.ts']);
  });

  it('is described in docs/errors.md, and the page lists no web code that nothing raises', () => {
    const rows = documented();
    const codes = new Set(raised.map(([code]) => code));
    expect(
      raised.filter(([code]) => !rows.includes(code)).map(([code, file]) => `${code} (${file})`),
      'raised in web/src but missing from "In the web app"',
    ).toEqual([]);
    expect(
      rows.filter((code) => !codes.has(code)),
      'in "In the web app" but raised nowhere',
    ).toEqual([]);
  });
});
