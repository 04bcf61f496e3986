import { parse, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { lineLocator, nodeLocator } from '@platform/schemas';

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
  #nodes: ReturnType<typeof nodeLocator<Node>> | undefined | null = null;
  #lines: ((offset: number) => Location) | undefined;

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
    if (this.#nodes === null) {
      const root = parseTree(this.text);
      this.#nodes = root && nodeLocator(root);
    }
    if (!this.#nodes) return undefined;
    const { node } = this.#nodes(pointer);
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
}
