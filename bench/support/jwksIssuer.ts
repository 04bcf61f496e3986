// A stand-in for a Cognito user pool, for benchmarks that run the service as production does
// (IDENTITY_PROVIDER=cognito): a key pair of its own, its public half served as a JWKS over HTTP on
// loopback, and ID tokens signed with the private half, so the service fetches keys and verifies
// tokens for real. The same stand-in the packaging test uses.
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const KID = 'bench-key';
const POOL = 'eu-west-1_bench';
const CLIENT_ID = 'bench-client';

export interface JwksIssuer {
  /** The service's environment for this pool: COGNITO_REGION, _USER_POOL_ID, _CLIENT_ID and _ISSUER, and the AWS SDK's endpoint and credentials. */
  env: Record<string, string>;
  /** A signed ID token valid for an hour, whose custom:auth is `auth`. */
  idToken(claims: { sub: string; email: string; auth: object }): string;
  close(): Promise<void>;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startJwksIssuer(): Promise<JwksIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' }] });
  const server = createServer((request, response) => {
    // The user pool's API too: the service reads its app client's write rights before it is ready.
    if (request.method === 'POST' && request.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.DescribeUserPoolClient') {
      const client = { ClientId: CLIENT_ID, WriteAttributes: ['email', 'given_name', 'family_name'] };
      return void response.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ UserPoolClient: client }));
    }
    if (request.url !== `/${POOL}/.well-known/jwks.json`) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = `${origin}/${POOL}`;
  return {
    env: {
      COGNITO_REGION: 'eu-west-1',
      COGNITO_USER_POOL_ID: POOL,
      COGNITO_CLIENT_ID: CLIENT_ID,
      COGNITO_ISSUER: issuer,
      // The AWS SDK's own settings: this stand-in as the pool's API, and credentials it does not check.
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: origin,
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
    },
    idToken({ sub, email, auth }) {
      const now = Math.floor(Date.now() / 1000);
      const payload = { sub, iss: issuer, aud: CLIENT_ID, token_use: 'id', iat: now, exp: now + 3600, email, 'custom:auth': JSON.stringify(auth) };
      const input = `${b64({ alg: 'RS256', typ: 'JWT', kid: KID })}.${b64(payload)}`;
      return `${input}.${createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url')}`;
    },
    // Kept-alive connections from the service would hold close() open until they time out.
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}
