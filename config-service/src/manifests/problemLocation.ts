import { parse, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { lineLocator, pointerPath } from '@platform/schemas';

export interface Location {
  line: number;
  column: number;
}

/**
 * Locates any number of problems in one file's text. The text is parsed once, on the first pointer
 * asked for, and lines are counted once: locating each problem by parsing the file again made a file
 * with thousands of problems cost the square of their number (issue 26).
 */
export class FileLocator {
  #root: Node | undefined | null = null;
  #lines: ((offset: number) => Location) | undefined;
  /** Each object's properties by name, built the first time a pointer passes through it. */
  readonly #properties = new WeakMap<Node, Map<string, Node>>();

  constructor(readonly text: string) {}

  /** Line and column of a character offset. */
  at(offset: number): Location {
    this.#lines ??= lineLocator(this.text);
    return this.#lines(offset);
  }

  /**
   * Where a JSON pointer lands: the value it names or, when that is missing (a required property, say),
   * the nearest object or array around it that exists.
   */
  pointer(pointer: string): Location | undefined {
    if (this.#root === null) this.#root = parseTree(this.text);
    let node = this.#root;
    if (!node) return undefined;
    for (const step of pointerPath(pointer)) {
      const next = this.#child(node, step);
      if (!next) break;
      node = next;
    }
    // A property's value is most useful with its name in view: point at the key.
    return this.at(node.parent?.type === 'property' ? node.parent.offset : node.offset);
  }

  /** Where the first JSON syntax error is, or undefined for well-formed JSON. */
  syntaxError(): Location | undefined {
    const errors: ParseError[] = [];
    parse(this.text, errors, { disallowComments: true, allowTrailingComma: false });
    const first = errors[0];
    return first ? this.at(first.offset) : undefined;
  }

  /** One step down, as jsonc-parser's findNodeAtLocation takes it (the first of repeated keys), without a scan of the object per step. */
  #child(node: Node, step: string | number): Node | undefined {
    if (node.type === 'array') return typeof step === 'number' ? node.children?.[step] : undefined;
    if (node.type !== 'object') return undefined;
    let byName = this.#properties.get(node);
    if (!byName) {
      byName = new Map();
      for (const property of node.children ?? []) {
        const [key, value] = property.children ?? [];
        if (key && value && !byName.has(String(key.value))) byName.set(String(key.value), value);
      }
      this.#properties.set(node, byName);
    }
    return byName.get(String(step));
  }
}
