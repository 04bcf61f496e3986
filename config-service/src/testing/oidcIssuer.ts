// Test support: a CI's OpenID Connect issuer on loopback (GitHub Actions' or GitLab's, as a trusted
// publisher's tokens come from): discovery document and key set over HTTP, tokens signed with its key.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signJwt } from './jwksIssuer.ts';

export interface OidcIssuer {
  /** `http://127.0.0.1:<port>/ci`. */
  issuer: string;
  /** Requests for its key set so far. */
  keyFetches: number;
  /** Requests for its discovery document so far. */
  discoveries: number;
  /** A token of the CI: sub, aud and an hour's life by default, any claim replaced; signed with its key unless told otherwise. */
  token(claims?: Record<string, unknown>, options?: { key?: KeyObject; kid?: string; alg?: string }): string;
  close(): Promise<void>;
}

/**
 * Starts an issuer whose tokens name `subject` and `audience` unless a test says otherwise; `jwksAt`
 * says where its discovery document places the key set, given the issuer's origin.
 */
export async function startOidcIssuer({
  subject = 'repo:acme/lcc-screens:environment:production',
  audience = 'asset-platform',
  jwksAt = (origin: string) => `${origin}/ci/jwks`,
} = {}): Promise<OidcIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'ci-key';
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] });
  let origin = '';
  const state = { keyFetches: 0, discoveries: 0 };
  const server = createServer((request, response) => {
    const json = (body: string) => response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    if (request.url === '/ci/.well-known/openid-configuration') {
      state.discoveries++;
      return void json(JSON.stringify({ issuer: `${origin}/ci`, jwks_uri: jwksAt(origin), id_token_signing_alg_values_supported: ['RS256'] }));
    }
    if (request.url === '/ci/jwks') {
      state.keyFetches++;
      return void json(jwks);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/ci`;
  return {
    issuer,
    get keyFetches() {
      return state.keyFetches;
    },
    get discoveries() {
      return state.discoveries;
    },
    token(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const payload = { iss: issuer, sub: subject, aud: audience, iat: now, nbf: now, exp: now + 3600, ...claims };
      return signJwt(payload, options.key ?? privateKey, { kid: options.kid ?? kid, ...(options.alg ? { alg: options.alg } : {}) });
    },
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
