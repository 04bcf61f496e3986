// JSON pointers (RFC 6901) as both sides use them to say where a problem is in a manifest file.

/** A property name written as one pointer segment: '~' becomes '~0' and '/' becomes '~1'. */
export const escapePointerSegment = (name: string): string => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** One pointer segment read back as the property name it stands for. */
export const unescapePointerSegment = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** The steps a pointer takes from the document's root; digits are array indexes (as jsonc-parser walks them). */
export function pointerPath(pointer: string): Array<string | number> {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map(unescapePointerSegment)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** 1-based line and column of a character offset, as editors count them. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  return lineLocator(text)(offset);
}

/**
 * Line and column of any number of offsets in one text: the lines' starts are found once, and each
 * offset costs a binary search, so locating every problem of a file is not a pass over it per problem.
 */
export function lineLocator(text: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/** The parts of a parse tree's node a pointer walks through (jsonc-parser's Node has them all). */
export interface JsonTreeNode {
  readonly type: string;
  readonly value?: unknown;
  readonly children?: readonly JsonTreeNode[];
}

/**
 * Where any number of pointers land in one parse tree: the node each names or, when that is missing (a
 * required property, say), the nearest object or array around it that exists, and whether the whole
 * pointer was walked. An object's properties are indexed by name the first time a pointer passes
 * through it, so locating every problem of a file is not a scan of an object per step (issue 26).
 * Steps are taken as jsonc-parser's findNodeAtLocation takes them: the first of repeated keys wins.
 */
export function nodeLocator<N extends JsonTreeNode>(root: N): (pointer: string) => { node: N; complete: boolean } {
  const properties = new WeakMap<JsonTreeNode, Map<string, JsonTreeNode>>();
  const child = (node: JsonTreeNode, step: string | number): JsonTreeNode | undefined => {
    if (node.type === 'array') return typeof step === 'number' ? node.children?.[step] : undefined;
    if (node.type !== 'object') return undefined;
    let byName = properties.get(node);
    if (!byName) {
      byName = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && !byName.has(String(key.value))) byName.set(String(key.value), value);
      }
      properties.set(node, byName);
    }
    return byName.get(String(step));
  };
  return (pointer) => {
    let node: JsonTreeNode = root;
    for (const step of pointerPath(pointer)) {
      const next = child(node, step);
      if (!next) return { node: node as N, complete: false };
      node = next;
    }
    return { node: node as N, complete: true };
  };
}
