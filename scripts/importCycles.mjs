// Finds circles of imports in a source tree: two modules that import each other, directly or through
// others, cannot be read, tested or moved one at a time. Type-only imports count too: they tie the
// modules together for a reader as much as a value does, even though the compiled code drops them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js)$/;

/** The relative modules a file imports or re-exports at its top level (dynamic `import()` loads later, so it is left out). */
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const targets = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) {
      const target = resolve(dirname(file), specifier.text);
      const found = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((candidate) => SOURCE.test(candidate) && existsSync(candidate));
      if (found) targets.push(found);
    }
  }
  return targets;
}

/** Every circle of imports among the source files under `dirs`, each as its files relative to `root`, sorted. */
export function importCycles(dirs, root) {
  const files = dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => SOURCE.test(f) && !f.split(/[/\\]/).includes('node_modules'))
      .map((f) => join(dir, f)),
  );
  const edges = new Map(files.map((file) => [file, importsOf(file)]));
  // Tarjan's strongly connected components: a component of more than one file, or a file importing itself, is a circle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.map((f) => relative(root, f)).sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}
