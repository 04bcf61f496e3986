import type { Completion, CompletionContext, CompletionResult, CompletionSource } from '@codemirror/autocomplete';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import type { SyntaxNode } from '@lezer/common';

/** The part of a JSON Schema completion reads. */
interface Schema {
  $ref?: string;
  type?: string | readonly string[];
  description?: string;
  properties?: Readonly<Record<string, Schema>>;
  items?: Schema;
  enum?: readonly unknown[];
  const?: unknown;
}

type Path = Array<string | number>;

/** Follows a local `$ref` (`#/$defs/route`), the only kind the manifest schemas use. */
function deref(root: Schema, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref?.startsWith('#/') && hops < 10; hops += 1) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root) as Schema | undefined;
  }
  return current;
}

/** The schema of the value at `path`, or undefined where the schema says nothing. */
export function schemaAt(root: Schema, path: Path): Schema | undefined {
  let schema = deref(root, root);
  for (const step of path) {
    schema = deref(root, typeof step === 'number' ? schema?.items : schema?.properties?.[step]);
    if (!schema) return undefined;
  }
  return schema;
}

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);
const keyOf = (state: EditorState, property: SyntaxNode) => {
  const name = property.getChild('PropertyName');
  if (!name) return undefined;
  try {
    return JSON.parse(state.sliceDoc(name.from, name.to)) as string;
  } catch {
    return undefined;
  }
};

/** How many values of an array end before `pos`: the index of the item there. */
function indexIn(array: SyntaxNode, pos: number): number {
  let index = 0;
  for (let child = array.firstChild; child && child.to <= pos; child = child.nextSibling) if (VALUES.has(child.name)) index += 1;
  return index;
}

/** The path from the document's root to the value `node` is (or is inside). */
function pathOf(state: EditorState, node: SyntaxNode): Path {
  const path: Path = [];
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property' && child.name !== 'PropertyName') {
      const key = keyOf(state, parent);
      if (key !== undefined) path.unshift(key);
    } else if (parent.name === 'Array') {
      path.unshift(indexIn(parent, child.from));
    }
  }
  return path;
}

const typeLabel = (schema: Schema) =>
  schema.enum ? 'one of' : Array.isArray(schema.type) ? schema.type.join(' | ') : ((schema.type as string | undefined) ?? '');

/** Where the cursor is: naming a property of an object, or giving a value, and the schema that applies. */
function slotAt(state: EditorState, from: number): { kind: 'key'; object: SyntaxNode; path: Path } | { kind: 'value'; path: Path } | undefined {
  const before = state
    .sliceDoc(Math.max(0, from - 200), from)
    .trimEnd()
    .slice(-1);
  // Just after typing, the background parse may not have reached the cursor yet.
  const tree = ensureSyntaxTree(state, from, 50) ?? syntaxTree(state);
  for (let node: SyntaxNode | null = tree.resolveInner(from, -1); node; node = node.parent) {
    if (node.name === 'Property' && before === ':') {
      const key = keyOf(state, node);
      return key === undefined ? undefined : { kind: 'value', path: [...pathOf(state, node), key] };
    }
    if (node.name === 'Object' && node.from < from)
      return before === '{' || before === ',' ? { kind: 'key', object: node, path: pathOf(state, node) } : undefined;
    if (node.name === 'Array' && node.from < from)
      return before === '[' || before === ',' ? { kind: 'value', path: [...pathOf(state, node), indexIn(node, from)] } : undefined;
  }
  return undefined;
}

/**
 * Completion from a JSON Schema: the properties an object may still have (with their descriptions)
 * and the values a property allows (enums, booleans). Written for the manifest schemas (local $refs,
 * no combinators to speak of) rather than taken from a general library, whose hover rendering alone
 * would outweigh the editor (docs/decisions/0023-json-editor-for-release-drafts.md).
 */
export function schemaCompletion(root: Schema): CompletionSource {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?[\w$.-]*/);
    const from = word?.from ?? context.pos;
    if (!context.explicit && (!word || word.from === word.to)) return null;
    const slot = slotAt(context.state, from);
    if (!slot) return null;
    const schema = schemaAt(root, slot.path);
    if (!schema) return null;
    // CodeMirror matches the text between `from` and `to` against the labels: start after an opening
    // quote and end at the cursor; the closing quote closeBrackets typed already is taken in on apply.
    const quoted = word?.text.startsWith('"') ?? false;
    const start = quoted ? from + 1 : from;
    const to = context.pos;
    const closing = quoted && context.state.sliceDoc(to, to + 1) === '"';
    const insert = (text: string) => (view: EditorView, _completion: Completion, at: number, end: number) =>
      view.dispatch({ changes: { from: at, to: closing ? end + 1 : end, insert: text }, selection: { anchor: at + text.length }, userEvent: 'input.complete' });
    let options: Completion[] = [];
    if (slot.kind === 'key') {
      const present = new Set(slot.object.getChildren('Property').map((p) => keyOf(context.state, p)));
      options = Object.entries(schema.properties ?? {})
        .filter(([name]) => !present.has(name) || word?.text.replace(/^"/, '') === name)
        .map(([name, property]) => {
          const resolved = deref(root, property) ?? property;
          return {
            label: name,
            type: 'property',
            detail: typeLabel(resolved),
            info: resolved.description,
            apply: quoted ? insert(`${name}": `) : `"${name}": `,
          };
        });
    } else {
      const values = schema.enum ?? (schema.const !== undefined ? [schema.const] : schema.type === 'boolean' ? [true, false] : []);
      options = values
        .filter((v) => !quoted || typeof v === 'string')
        .map((v) => ({
          label: String(v),
          type: 'constant',
          info: schema.description,
          apply: typeof v !== 'string' ? JSON.stringify(v) : quoted ? insert(`${v}"`) : JSON.stringify(v),
        }));
    }
    return options.length ? { from: start, to, options, validFor: /^[\w$.-]*$/ } : null;
  };
}
