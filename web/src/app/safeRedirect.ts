/** The longest return address followed, before and after the URL parser normalises it. */
const MAX_REDIRECT_LENGTH = 2048;

// Control characters and backslashes are how browsers get talked into other hosts.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern exists to catch
const TRICK_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

// The router matches decoded, case-insensitively and with or without a trailing slash, so '/LOGIN/'
// and '/%6Cogin' are the sign-in page too. Going back there after signing in loops (the forced-login
// cookie is cleared only on arrival), and '/logout' would sign the user straight out again.
const SIGN_IN_PAGES = /^\/(login|logout)(\/|$)/i;

/**
 * The path percent-decoded until it stops changing (twice-encoded text included); a '%' that starts
 * no escape ends the decoding. Undefined when it is still changing after a few rounds.
 */
function decodedPath(pathname: string): string | undefined {
  let path = pathname;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(path);
    } catch {
      return path;
    }
    if (next === path) return path;
    path = next;
  }
  return undefined;
}

/**
 * The same-origin path a redirect parameter names, or undefined. Only a path on our own origin is
 * ever followed after sign-in: '//host', '/\host', schemes and anything that resolves elsewhere
 * are dropped.
 */
export function safeRedirect(value: string | null | undefined, origin: string): string | undefined {
  if (!value || value.length > MAX_REDIRECT_LENGTH) return undefined;
  if (TRICK_CHARACTERS.test(value)) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The parser resolves dot segments: '/.//evil.example' and '/%2e//evil.example' come out as
  // '//evil.example', which the browser's history would read as another host.
  if (path.startsWith('//') || path.length > MAX_REDIRECT_LENGTH) return undefined;
  // Encoded slashes, backslashes and controls are inert here, but not to whatever decodes the address again.
  const decoded = decodedPath(url.pathname);
  if (decoded === undefined || decoded.startsWith('//') || TRICK_CHARACTERS.test(decoded)) return undefined;
  if (SIGN_IN_PAGES.test(decoded)) return undefined;
  return path;
}
