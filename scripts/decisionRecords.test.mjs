// The decision records stay trustworthy (decision 0060): each says when it was added and whether it still
// holds, the index lists each with that status, a status names records that exist, and the paths a record
// cites are there to be read.
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

/** Paths cited in backticks outside Context (the state before the decision), unless marked as gone. */
function citedPaths(text) {
  const held = text.replace(/^## Context\n[\s\S]*?(?=^## )/m, '');
  return [...held.matchAll(/`([^`\s]+)`(.{0,14})/g)]
    .filter(([, , after]) => !/^\s*[,(]?\s*(removed|moved to)/.test(after))
    .map(([, path]) => path)
    .filter((path) => /^[\w.][\w./-]*(\.(ts|tsx|mjs|cjs|js|json|md|sql|ya?ml|conf|css|html)|\/)$/.test(path) && !/^\.\w+$/.test(path) && !path.includes('NNN'));
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
    const rows = index.split('\n').filter((line) => /^\| \d{4} \|/.test(line));
    expect(rows.map((row) => row.slice(2, 6)).sort()).toEqual(records.map(({ number }) => number).sort());
    for (const { file, number, text } of records) {
      const row = rows.find((line) => line.startsWith(`| ${number} |`)) ?? '';
      const [kind] = STATUS.exec(statusOf(text) ?? '') ?? [''];
      expect({ file, linked: row.includes(`](${file})`), status: row.split(' | ')[3]?.startsWith(kind) }).toEqual({ file, linked: true, status: true });
    }
  });

  it('cite only paths that exist, or say they are gone', () => {
    const dead = records.flatMap(({ file, text }) =>
      citedPaths(text)
        .filter((path) => !resolves(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(dead).toEqual([]);
  });
});
