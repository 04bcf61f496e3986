/** Joins path pieces into one absolute path without doubled or trailing slashes. */
export function joinPaths(...parts: string[]): string {
  // Walks the slashes instead of splitting into arrays: every route of every manifest goes through
  // here, and the arrays were most of the cost of building a manifest (bench/manifestGrowth).
  let joined = '';
  for (const part of parts) {
    let start = 0;
    while (start < part.length) {
      let end = part.indexOf('/', start);
      if (end < 0) end = part.length;
      if (end > start) joined += `/${part.slice(start, end)}`;
      start = end + 1;
    }
  }
  return joined === '' ? '/' : joined;
}

/** Names of the ':param' segments of a path pattern, in order. */
export function paramNames(pattern: string): string[] {
  return pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => s.slice(1));
}

/**
 * Fills ':param' segments from `params` and '{param}' placeholders in titles.
 * A missing parameter keeps its placeholder, so a wrong manifest shows up on screen
 * instead of producing a silently wrong address.
 */
export function substituteParams(template: string, params: Readonly<Record<string, string | undefined>>): string {
  return template
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : encodeURIComponent(value);
    })
    .replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => params[name] ?? whole);
}
