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
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
