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
