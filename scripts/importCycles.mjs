// Finds circles of imports in a source tree: two modules that import each other, directly or through
// others, cannot be read, tested or moved one at a time. Type-only imports count too: they tie the
// modules together for a reader as much as a value does, even though the compiled code drops them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js)$/;

/** The file a relative specifier of `file` names, if it is a source file that exists. */
function resolved(file, specifier) {
  const target = resolve(dirname(file), specifier);
  return [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')].find((candidate) => SOURCE.test(candidate) && existsSync(candidate));
}

/**
 * The relative modules a file imports or re-exports at its top level. A dynamic `import()` loads later,
 * so it ties no circle and is left out unless `dynamic` asks for it: for the direction of an arrow
 * (importDirections.mjs) a module fetched on demand is as much a dependency as one imported up front.
 */
export function importsOf(file, { dynamic = false } = {}) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
  }
  const visit = (node) => {
    const [argument] = ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword ? node.arguments : [];
    if (argument && ts.isStringLiteralLike(argument)) specifiers.push(argument.text);
    ts.forEachChild(node, visit);
  };
  if (dynamic) visit(source);
  return specifiers.filter((s) => s.startsWith('.')).flatMap((s) => resolved(file, s) ?? []);
}

/** The source files under `dir`, outside node_modules. */
export function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SOURCE.test(f) && !f.split(/[/\\]/).includes('node_modules'))
    .map((f) => join(dir, f));
}

/** Every circle of imports among the source files under `dirs`, each as its files relative to `root`, sorted. */
export function importCycles(dirs, root) {
  const files = dirs.flatMap(sourceFiles);
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
