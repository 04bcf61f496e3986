import { readdirSync, readFileSync } from 'node:fs';
import { MANIFEST_RULE_HINTS } from '@platform/schemas';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, PlatformError, startupErrorCatalogue } from './errors.ts';
import { MANIFEST_SET_RULES } from './manifests/manifestSetRules.ts';

const docs = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
const catalogued = new Set<string>([...Object.keys(errorCatalogue), ...Object.keys(startupErrorCatalogue)]);

/**
 * The service's own sources, as the test reads them. Tests and their helpers are left out: they name
 * codes that must not exist, to see them refused.
 */
const sources = readdirSync(new URL('./', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !/\.(test|test-d|contract|load)\.ts$/.test(file) && !file.startsWith('testing/'))
  .map((file) => ({ file, text: readFileSync(new URL(file, import.meta.url), 'utf8') }));

/** Each `[code, file]` the sources write: any 'CFG_…' literal, and any literal given as a `code` under another prefix. */
const raised = sources.flatMap(({ file, text }) =>
  [...text.matchAll(/['"`](CFG_[A-Z0-9_]+)['"`]/g), ...text.matchAll(/\bcode\s*(?::|=(?!=))\s*['"`]([A-Z][A-Z0-9]*_[A-Z0-9_]+)['"`]/g)].map(
    (m) => [m[1]!, file] as const,
  ),
);

/** The codes of a table's rows in docs/errors.md: the first cell, in backticks. */
const documentedRows = (text: string) => [...text.matchAll(/^\|\s*`([^`]+)`\s*\|/gm)].map((m) => m[1]!);

/** The text of docs/errors.md under `## heading`, up to the next heading of that level. */
function section(heading: string): string {
  const start = docs.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/errors.md has no section "${heading}"`).toBeGreaterThanOrEqual(0);
  const end = docs.indexOf('\n## ', start + 1);
  return docs.slice(start, end < 0 ? undefined : end);
}

describe('error catalogue', () => {
  it('documents every code in docs/errors.md with its status', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue)) {
      expect(docs, `${code} missing from docs/errors.md`).toMatch(new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`));
    }
  });

  it('uses CFG_ERR_ codes with client or server statuses only', () => {
    for (const [code, { status }] of Object.entries(errorCatalogue)) {
      expect(code).toMatch(/^CFG_ERR_[A-Z_]+$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
  });

  it('takes status and title from the catalogue', () => {
    const error = new PlatformError('CFG_ERR_FORBIDDEN', 'not yours');
    expect(error.status).toBe(403);
    expect(error.title).toBe('Forbidden');
    expect(error.detail).toBe('not yours');
  });
});

describe('every code the service raises', () => {
  it('finds the codes it checks in the sources (the scan itself works)', () => {
    const files = new Set(raised.map(([, file]) => file));
    expect(files).toContain('plugins/problem.ts');
    expect(files).toContain('settings/loadEnvFile.ts');
    expect(files).toContain('store/migrate.ts');
  });

  it('is in a catalogue', () => {
    const missing = raised.filter(([code]) => !catalogued.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing, 'raised in the sources but in no catalogue of config-service/src/errors.ts').toEqual([]);
  });

  it('is described in docs/errors.md, for the audience that sees it', () => {
    const api = documentedRows(section('Answers to API clients'));
    const startup = documentedRows(section('Start-up: the operator'));
    expect(
      Object.keys(errorCatalogue).filter((code) => !api.includes(code)),
      'missing from "Answers to API clients"',
    ).toEqual([]);
    expect(
      Object.keys(startupErrorCatalogue).filter((code) => !startup.includes(code)),
      'missing from "Start-up: the operator"',
    ).toEqual([]);
  });

  it('is the only kind docs/errors.md lists: no code that no catalogue has', () => {
    const stale = documentedRows(docs).filter((code) => code.startsWith('CFG_') && !catalogued.has(code));
    expect(stale).toEqual([]);
  });

  it('leaves no catalogued code that nothing raises', () => {
    const used = new Set(raised.filter(([, file]) => file !== 'errors.ts').map(([code]) => code));
    expect([...catalogued].filter((code) => !used.has(code))).toEqual([]);
  });
});

describe('every rule a manifest check names', () => {
  // The rules across files are the keys of their table; those found while loading are written as `rule: '…'`.
  const rules = [
    ...Object.keys(MANIFEST_SET_RULES).map((rule) => [rule, 'manifests/manifestSetRules.ts'] as const),
    ...sources
      .filter(({ file, text }) => file !== 'manifests/manifestProblem.ts' && /\b(ManifestProblem|ProblemList)\b/.test(text))
      .flatMap(({ file, text }) => [...text.matchAll(/\brule:\s*'([^']+)'/g)].map((m) => [m[1]!, file] as const)),
  ];
  const known = new Set(Object.keys(MANIFEST_RULE_HINTS));

  it('is in the list of hints, and the list holds no rule that no check names', () => {
    expect(rules.length).toBeGreaterThan(10);
    expect(rules.map(([, file]) => file)).toContain('manifests/loadManifestSet.ts');
    expect(rules.filter(([rule]) => !known.has(rule)).map(([rule, file]) => `${rule} (${file})`)).toEqual([]);
    const named = new Set(rules.map(([rule]) => rule));
    expect([...known].filter((rule) => !rule.startsWith('schema:') && !named.has(rule))).toEqual([]);
  });

  it('is described in docs/errors.md, and nothing else is', () => {
    const documented = documentedRows(section('Manifest problems: the administrator'));
    expect([...known].filter((rule) => !documented.includes(rule))).toEqual([]);
    expect(documented.filter((rule) => !known.has(rule) && rule !== 'schema:<keyword>')).toEqual([]);
  });
});
