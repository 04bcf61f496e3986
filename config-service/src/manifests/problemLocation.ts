import { findNodeAtLocation, parse, parseTree, type ParseError } from 'jsonc-parser';
import { lineAndColumn, pointerPath } from '@platform/schemas';

export interface Location {
  line: number;
  column: number;
}

/**
 * Where a JSON pointer lands in the text: the value it names or, when that is missing (a required
 * property, say), the nearest object or array around it that exists.
 */
export function locatePointer(text: string, pointer: string): Location | undefined {
  const root = parseTree(text);
  if (!root) return undefined;
  const path = pointerPath(pointer);
  for (let depth = path.length; depth >= 0; depth -= 1) {
    const node = findNodeAtLocation(root, path.slice(0, depth));
    if (!node) continue;
    // A property's value is most useful with its name in view: point at the key.
    const at = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    return lineAndColumn(text, at);
  }
  return undefined;
}

/** Where the first JSON syntax error is, or undefined for well-formed JSON. */
export function locateSyntaxError(text: string): Location | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  return first ? lineAndColumn(text, first.offset) : undefined;
}
