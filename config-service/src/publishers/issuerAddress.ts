/** Host names that can only be this machine. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why `address` (a publisher's issuer, or the key set its discovery names) may not be trusted, or
 * undefined when it may: https with no credentials, query or fragment; in a local environment also
 * http on loopback, so tests and a developer's machine can run an issuer of their own. A token's
 * issuer over plain http elsewhere could be answered by anyone on the way.
 */
export function issuerAddressProblem(address: string, local: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `'${address}' is not an absolute URL`;
  }
  if (url.username || url.password || url.search || url.hash) return `'${address}' must not carry credentials, a query or a fragment`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && local && LOOPBACK.has(url.hostname)) return undefined;
  return local ? `'${address}' must be https, or http on loopback (127.0.0.1, localhost)` : `'${address}' must be https outside local environments`;
}
