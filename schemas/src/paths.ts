/** Joins path pieces into one absolute path without doubled or trailing slashes. */
export function joinPaths(...parts: string[]): string {
  const joined = parts
    .flatMap((p) => p.split('/'))
    .filter((segment) => segment !== '')
    .join('/');
  return `/${joined}`;
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
