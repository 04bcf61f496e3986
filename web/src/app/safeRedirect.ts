/**
 * The same-origin path a redirect parameter names, or undefined. Only a path on our own origin is
 * ever followed after sign-in: '//host', '/\host', schemes and anything that resolves elsewhere
 * are dropped.
 */
export function safeRedirect(value: string | null | undefined, origin: string): string | undefined {
  if (!value || value.length > 2048) return undefined;
  // Control characters and backslashes are how browsers get talked into other hosts.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Going back to the sign-in pages after signing in would loop.
  if (url.pathname === '/login' || url.pathname.startsWith('/login/') || url.pathname === '/logout') return undefined;
  return path;
}
