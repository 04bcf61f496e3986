import { isAwsRegion, type PublicConfig } from '@platform/schemas';

/** What the browser is told to call, as GET /api/v1/config tells it. */
export interface BrowserEndpoints {
  auth: PublicConfig['auth'];
  backends: PublicConfig['backends'];
}

/** A policy as directive name → sources, the shape helmet takes. */
export type Directives = Record<string, string[]>;

// A value that lands in a header must be what it claims to be (a host here; a region by isAwsRegion):
// anything else could close the directive and open one of its own.
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The origins besides this one that the web app fetches from: the user pool (or its custom endpoint),
 * the hosted UI's token endpoint and absolute backend bases. Paths are this origin; so is the messaging
 * profile, which the service forwards (decision 0055).
 */
export function connectOrigins({ auth, backends }: BrowserEndpoints): string[] {
  const origins = new Set<string>();
  const add = (address: string) => {
    if (/^https?:\/\//.test(address)) origins.add(new URL(address).origin);
  };
  if (auth.userPoolEndpoint) add(auth.userPoolEndpoint);
  // Amplify's own address for the pool when no endpoint is named.
  else if (isAwsRegion(auth.region)) add(`https://cognito-idp.${auth.region}.amazonaws.com`);
  if (auth.oauth?.domain && HOST.test(auth.oauth.domain)) add(`https://${auth.oauth.domain}`);
  for (const base of Object.values(backends)) if (base) add(base);
  return [...origins].sort();
}

/**
 * The policy of every page the service serves: scripts and styles from this origin only (no inline
 * code, no eval), images also as data: URLs (the authenticator QR code), no plugins, never framed.
 */
export function pageDirectives(endpoints: BrowserEndpoints): Directives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...connectOrigins(endpoints)],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** The same policy with a per-response nonce allowed for scripts and styles, for a page that needs one. */
export function withNonce(directives: Directives, nonce: string): Directives {
  return {
    ...directives,
    'script-src': [...(directives['script-src'] ?? []), `'nonce-${nonce}'`],
    'style-src': [...(directives['style-src'] ?? []), `'nonce-${nonce}'`],
  };
}

/** The header value of a policy. */
export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
