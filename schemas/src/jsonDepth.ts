// How deeply JSON may nest before the service, or the browser's check of a draft, refuses to read it.

/**
 * How deeply a request body or a manifest file may nest objects and arrays. The deepest manifest in
 * route-manifests/ nests 7 levels (dash.json), a body adds 3; past this, the stringifying, schema checks,
 * route walks and parse trees that recurse would overflow the stack (issue 26: 100,000 levels gave a 500).
 */
export const MAX_JSON_DEPTH = 64;

/** The message of a manifest file's `json-depth` problem, wherever it is found. */
export const TOO_DEEP_MESSAGE = `objects and arrays nest more than ${MAX_JSON_DEPTH} levels deep`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The offset of the first bracket that nests deeper than `max` in a JSON text, or undefined; read before anything parses it. */
export function depthExceededAt(text: string, max = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return i;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return undefined;
}

/** Whether a parsed JSON value nests objects and arrays deeper than `max`; walked without recursion. */
export function nestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
