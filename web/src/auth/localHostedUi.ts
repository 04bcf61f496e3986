/**
 * Amplify always reaches a hosted UI over https (`https://{domain}/oauth2/...`). The local identity
 * provider's hosted UI is served by this very origin over plain http, so on such a page the two
 * addresses Amplify builds are turned back to this origin: the authorize page it opens, and the
 * token exchange it fetches. On an https page, or with a real hosted UI domain, nothing changes.
 */
export function toLocalHostedUi(url: string, location: Pick<Location, 'protocol' | 'host' | 'origin'> = window.location): string {
  const prefix = `https://${location.host}/oauth2/`;
  return location.protocol === 'http:' && url.startsWith(prefix) ? `${location.origin}/oauth2/${url.slice(prefix.length)}` : url;
}

let routed = false;

/** Sends Amplify's hosted UI token requests to this origin (see above); once per page. */
export function routeHostedUiToThisOrigin(): void {
  if (routed || window.location.protocol !== 'http:') return;
  routed = true;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const local = toLocalHostedUi(url);
    return local === url ? original(input, init) : original(local, init);
  };
}

/** Opens the authorize page: Amplify's `authSessionOpener`, which on the web just navigates. */
export async function openHostedUi(url: string): Promise<void> {
  window.location.assign(toLocalHostedUi(url));
}
