// Test support: a stand-in for a Cognito user pool, for tests and benchmarks that verify tokens for real:
// a key pair of its own, its public half served as a JWKS over HTTP on loopback (with the pool API's
// DescribeUserPoolClient, which the service reads before it is ready, and AdminGetUser, whose users all
// have MFA), and ID tokens signed with the private half. The one place tests mint RS256 tokens: the test
// apps, the packaging test and the benchmarks.
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT of `payload` signed with `key`: RS256 unless `alg` names another (`none` leaves it unsigned, as an attacker would). */
export function signJwt(payload: object, key: KeyObject | string, { kid, alg = 'RS256' }: { kid: string; alg?: string }): string {
  const input = `${b64({ alg, typ: 'JWT', kid })}.${b64(payload)}`;
  if (alg === 'none') return `${input}.`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key).toString('base64url')}`;
}

export interface JwksIssuerOptions {
  pool?: string;
  clientId?: string;
  kid?: string;
  /** The key pair to sign and publish with; a new one by default. */
  keyPair?: { privateKey: KeyObject; publicKey: KeyObject };
  /** Public keys published besides its own (JWKs with their kid). */
  otherKeys?: readonly object[];
}

export interface JwksIssuer {
  /** The pool's issuer: `http://127.0.0.1:<port>/<pool>`. */
  issuer: string;
  /** Where the key set is served: the issuer's `/.well-known/jwks.json`. */
  jwksUrl: string;
  /** The service's environment for this pool: COGNITO_REGION, _USER_POOL_ID, _CLIENT_ID and _ISSUER, and the AWS SDK's endpoint and credentials. */
  env: Record<string, string>;
  /** A signed ID token valid for an hour, whose custom:auth is `auth`. */
  idToken(claims: { sub: string; email: string; auth: object }): string;
  close(): Promise<void>;
}

export async function startJwksIssuer({
  pool = 'eu-west-1_test',
  clientId = 'test-client',
  kid = 'test-key',
  keyPair = generateKeyPairSync('rsa', { modulusLength: 2048 }),
  otherKeys = [],
}: JwksIssuerOptions = {}): Promise<JwksIssuer> {
  const { privateKey, publicKey } = keyPair;
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }, ...otherKeys] });
  const server = createServer((request, response) => {
    if (request.method === 'POST' && request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.DescribeUserPoolClient') {
      const client = { ClientId: clientId, WriteAttributes: ['email', 'given_name', 'family_name'] };
      return void response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ UserPoolClient: client }));
    }
    // Every user has an authenticator set up, as production's staff must to administer (decision 0095).
    if (request.method === 'POST' && request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.AdminGetUser') {
      const user = { Username: 'user', Enabled: true, UserStatus: 'CONFIRMED', UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] };
      return void response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(user));
    }
    if (request.url !== `/${pool}/.well-known/jwks.json`) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/${pool}`;
  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    env: {
      COGNITO_REGION: pool.split('_')[0] ?? 'eu-west-1',
      COGNITO_USER_POOL_ID: pool,
      COGNITO_CLIENT_ID: clientId,
      COGNITO_ISSUER: issuer,
      // The AWS SDK's own settings: this stand-in as the pool's API, and credentials it does not check.
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: origin,
      AWS_ACCESS_KEY_ID: 'test',
      AWS_SECRET_ACCESS_KEY: 'test',
    },
    idToken({ sub, email, auth }) {
      const now = Math.floor(Date.now() / 1000);
      const payload = { sub, iss: issuer, aud: clientId, token_use: 'id', iat: now, exp: now + 3600, email, 'custom:auth': JSON.stringify(auth) };
      return signJwt(payload, privateKey, { kid });
    },
    // Kept-alive connections from the service would hold close() open until they time out.
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
