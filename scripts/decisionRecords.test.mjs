// The decision records stay trustworthy (decision 0060): each says when it was added and whether it still
// holds, the index lists each with that status (and each number no record took, as skipped), a status names
// records that exist, and the paths and the names of code a record cites are there to be read.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'docs', 'decisions');
const records = readdirSync(folder)
  .filter((file) => /^\d{4}-.+\.md$/.test(file) && !file.startsWith('0000-'))
  .map((file) => ({ file, number: file.slice(0, 4), text: readFileSync(join(folder, file), 'utf8') }));
const index = readFileSync(join(folder, 'README.md'), 'utf8');
const numberedRows = index.split('\n').filter((line) => /^\| \d{4} \|/.test(line));
/** Rows for a number no record took: `| 0054 | … | … | Skipped | … |`. */
const skippedRows = numberedRows.filter((row) => row.split(' | ')[3] === 'Skipped');

const STATUS = /^(Accepted|Amended by|Superseded by|Superseded in part by)\b/;
const statusOf = (text) => /^- Status: (.+)$/m.exec(text)?.[1];
/** The records a Status line points to: Amended by [0041](…), [0053](…). */
const pointedTo = (status) => [...status.matchAll(/\[(\d{4})\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => ({ number: m[1], file: m[2] }));

// Every file the tree holds, from the repository's folders (not node_modules, not build output).
const SKIP = new Set(['node_modules', '.git', 'dist', 'test-results', '.data']);
function walk(dir, prefix, into) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      into.add(`${path}/`);
      walk(join(dir, entry.name), `${path}/`, into);
    } else into.add(path);
  }
  return into;
}
const tree = [...walk(root, '', new Set())];
// Written by a build or a benchmark, so cited but never in the tree.
const BUILT = /(^|\/)(dist|assets|build-report)\/|(^|\/)(server\.meta|quick)\.json$/;

/** Whether a cited path is a file or folder of the tree (from its root or, when shortened, by its tail), or of an installed package. */
const resolves = (path) =>
  BUILT.test(path) || tree.includes(path) || tree.some((known) => known.endsWith(`/${path}`)) || existsSync(join(root, 'node_modules', path));

/** How a cited file's name ends. */
const FILE = /\.(ts|tsx|mjs|cjs|js|json|md|sql|ya?ml|conf|css|html)$/;
/** What follows a name that is no longer in the tree: "(removed)", "(moved to …)", "(now `X`)", "is gone". */
const GONE = /^\s*[,(]?\s*(removed|moved to|now |renamed to|is gone)/;
/** Backticked text with what follows it, unconsumed, so that `a`, `b` yields both. */
const ticked = (text) => [...text.matchAll(/`([^`\n]+)`(?=(.{0,14}))/g)];

/** Paths cited in backticks outside Context (the state before the decision), unless marked as gone. */
function citedPaths(text) {
  const held = text.replace(/^## Context\n[\s\S]*?(?=^## )/m, '');
  return ticked(held)
    .filter(([, path, after]) => !/\s/.test(path) && !GONE.test(after))
    .map(([, path]) => path)
    .filter((path) => /^[\w.][\w./-]*$/.test(path) && (FILE.test(path) || path.endsWith('/')) && !/^\.\w+$/.test(path) && !path.includes('NNN'));
}

// The words of the code, read once: the sources of the project's folders and the configuration at the root.
const SOURCE_DIRS = ['config-service/', 'web/', 'schemas/', 'scripts/', 'tests/', 'modules/', 'bench/'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|jsonc|sql|css|html)$/;
const codeWords = new Set();
for (const path of tree.filter((path) => SOURCE.test(path) && (!path.includes('/') || SOURCE_DIRS.some((dir) => path.startsWith(dir)))))
  for (const word of readFileSync(join(root, path), 'utf8').match(/[A-Za-z_$][\w$]*/g) ?? []) codeWords.add(word);
/**
 * Names of other projects a Decision weighs (an option, an API, an operation) that our code need not
 * contain: a name listed here is never checked, so list only what is not ours.
 */
const OUTSIDE = new Set([
  'manualChunks', // Vite's option, found not needed (0020)
  'rewriteRelativeImportExtensions', // TypeScript's option, the path not taken (0025)
  'flushSync', // sonic-boom's method, used by pino (0029)
  'environmentMatchGlobs', // the Vitest option Vitest 4 no longer has (0031)
  'cognitoUserPoolsTokenProvider', // Amplify's, and the three below: the storage it offers and lacks (0045)
  'setKeyValueStorage',
  'defaultStorage',
  'oAuthStore',
  'PutProfileObject', // Amazon Connect Customer Profiles' operation, turned down (0055)
  'VerifyUserAttribute', // Cognito's operation, not on the adapter's allow-list (0066)
]);
/** A name in code's shape: lower and upper case in one word, and not one capitalised word (`Accepted`). */
const codeShaped = (word) => /[a-z]/.test(word) && /[A-Z]/.test(word) && !/^[A-Z][a-z\d]*$/.test(word);

/**
 * The names of code a record's Decision cites in backticks (`name`, `a.b`, `f(x)`) that no source holds,
 * unless marked as gone. Environment variables, codes, headers, values, paths and flags are not in code's
 * shape and are left to other checks. A record superseded whole describes the past and is left as it is;
 * one superseded in part still holds in the rest, so its names are checked.
 */
function missingNames(text) {
  if ((statusOf(text) ?? '').startsWith('Superseded by')) return [];
  const decision = text.split(/^## /m).find((section) => section.startsWith('Decision\n')) ?? '';
  return ticked(decision)
    .filter(([, , after]) => !GONE.test(after))
    .map(([, cited]) => cited.replace(/\(.*\)$/, ''))
    .filter((name) => /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name) && !FILE.test(name))
    .filter((name) => name.split('.').some(codeShaped))
    .filter((name) => name.split('.').some((word) => !codeWords.has(word) && !OUTSIDE.has(word)));
}

describe('decision records', () => {
  it('are there to check', () => {
    expect(records.length).toBeGreaterThan(50);
  });

  it('each carry a title with their number, the day they were added and a status', () => {
    const broken = records.filter(({ number, text }) => {
      const status = statusOf(text);
      return !text.startsWith(`# ${number} `) || !/^- Date: \d{4}-\d{2}-\d{2}$/m.test(text) || !status || !STATUS.test(status);
    });
    expect(broken.map(({ file }) => file)).toEqual([]);
  });

  it('point, when amended or superseded, to records that exist', () => {
    const files = new Set(records.map(({ file }) => file));
    for (const { file, text } of records) {
      const status = statusOf(text) ?? '';
      if (status.startsWith('Accepted')) continue;
      const targets = pointedTo(status);
      expect({ file, targets: targets.length }).not.toEqual({ file, targets: 0 });
      for (const target of targets) expect({ file, points: target.file, exists: files.has(target.file) }).toEqual({ file, points: target.file, exists: true });
    }
  });

  it('are each in the index, with their status, and the index lists nothing else', () => {
    const rows = numberedRows.filter((row) => !skippedRows.includes(row));
    expect(rows.map((row) => row.slice(2, 6)).sort()).toEqual(records.map(({ number }) => number).sort());
    for (const { file, number, text } of records) {
      const row = rows.find((line) => line.startsWith(`| ${number} |`)) ?? '';
      const [kind] = STATUS.exec(statusOf(text) ?? '') ?? [''];
      expect({ file, linked: row.includes(`](${file})`), status: row.split(' | ')[3]?.startsWith(kind) }).toEqual({ file, linked: true, status: true });
    }
  });

  it('leave no number out below the highest, unless its row in the index says it was skipped', () => {
    // Numbers past the highest record are not gaps: records being written on other branches take them.
    const numbers = new Set(records.map(({ number }) => Number(number)));
    const gaps = Array.from({ length: Math.max(...numbers) }, (_, i) => String(i + 1).padStart(4, '0')).filter((n) => !numbers.has(Number(n)));
    expect(skippedRows.map((row) => row.slice(2, 6)).sort()).toEqual(gaps);
  });

  it('cite only paths that exist, or say they are gone', () => {
    const dead = records.flatMap(({ file, text }) =>
      citedPaths(text)
        .filter((path) => !resolves(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(dead).toEqual([]);
  });

  it('cite in their Decision only names the code holds, or say they are gone', () => {
    const dead = records.flatMap(({ file, text }) => missingNames(text).map((name) => `${file}: ${name}`));
    expect(dead).toEqual([]);
  });
});
