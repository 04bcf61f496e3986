// @module-tag hardening/headers-and-limits
// Behind a proxy every connection comes from the proxy: the sign-in limit must count per client, and a
// client must not be able to choose the address it is counted under (TRUSTED_PROXY_HOPS, decision 0044).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_RATE_LIMITS } from '../settings.ts';
import { startTestApps, type TestApps } from '../testing/testApp.ts';

let apps: TestApps;
let idp: Server;
let upstream: string;

beforeAll(async () => {
  apps = await startTestApps();
  // A stand-in for cognito-local, so the identity provider's pass-through route answers.
  idp = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}'));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await apps.close();
  await new Promise<void>((resolve) => idp.close(() => resolve()));
});

const PROXY = '10.0.0.2';
const SIGN_INS = 2;

const behindProxy = (trustedProxyHops?: number) =>
  apps.app({
    localIdp: { upstream, userPoolId: 'us-east-1_local', clientId: 'web-client', callbackUrls: ['http://localhost:8080/login/singleSignOn'] },
    rateLimits: { ...DEFAULT_RATE_LIMITS, signInPerMinute: SIGN_INS },
    ...(trustedProxyHops === undefined ? {} : { trustedProxyHops }),
  });

/**
 * A sign-in attempt as nginx passes it on: from the proxy's address, with X-Forwarded-For as nginx's
 * `$proxy_add_x_forwarded_for` makes it, whatever the client sent first and the client's address last.
 */
const signInVia = (target: FastifyInstance, client: string, sent?: string, peer = PROXY) =>
  target.inject({
    method: 'POST',
    url: '/idp',
    remoteAddress: peer,
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      'x-forwarded-for': sent ? `${sent}, ${client}` : client,
    },
    payload: '{}',
  });

describe('the sign-in limit behind one trusted proxy', () => {
  it('gives two clients behind the proxy a count each', async () => {
    const target = await behindProxy(1);
    for (let i = 0; i < SIGN_INS; i++) expect((await signInVia(target, '203.0.113.7')).statusCode).toBe(200);
    expect((await signInVia(target, '203.0.113.7')).statusCode).toBe(429);
    expect((await signInVia(target, '198.51.100.4')).statusCode).toBe(200);
  });

  it("counts a client that sends X-Forwarded-For entries of its own under the proxy's entry, not theirs", async () => {
    const target = await behindProxy(1);
    const forged = ['1.1.1.1', '198.51.100.4', '10.0.0.2, 192.0.2.9', 'unknown', '127.0.0.1'];
    const answers = [];
    for (const sent of forged) answers.push((await signInVia(target, '203.0.113.7', sent)).statusCode);
    expect(answers).toEqual([200, 200, 429, 429, 429]);
    // The address it named as its own, and the one it tried to spend, are untouched.
    expect((await signInVia(target, '198.51.100.4')).statusCode).toBe(200);
    expect((await signInVia(target, '1.1.1.1')).statusCode).toBe(200);
  });

  it('believes no X-Forwarded-For from a client that reached the service directly, past the proxy', async () => {
    const target = await behindProxy(1);
    const direct = '203.0.113.50';
    const answers = [];
    // Whatever it claims (nginx is not there to append), it is counted as itself.
    for (const claimed of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) answers.push((await signInVia(target, claimed, undefined, direct)).statusCode);
    expect(answers).toEqual([200, 200, 429]);
    expect((await signInVia(target, '198.51.100.9')).statusCode).toBe(200);
  });

  it('believes no X-Forwarded-For by default: everyone behind the proxy shares its address', async () => {
    const target = await behindProxy();
    for (let i = 0; i < SIGN_INS; i++) expect((await signInVia(target, `203.0.113.${i + 1}`)).statusCode).toBe(200);
    expect((await signInVia(target, '198.51.100.4')).statusCode).toBe(429);
  });
});
