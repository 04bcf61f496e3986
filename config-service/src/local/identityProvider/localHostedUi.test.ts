import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import localHostedUi from './localHostedUi.ts';

const CALLBACK = 'http://localhost:8080/login/singleSignOn';
const valid = {
  client_id: 'web',
  redirect_uri: CALLBACK,
  response_type: 'code',
  scope: 'openid',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  state: 'abc',
};

// Stands in for cognito-local's /oauth2/authorize: answers as the test tells it to; AdminGetUser finds an
// account that may sign in (the hardening suite holds the hosted UI to the real emulator's accounts).
let upstreamAnswer: { status: number; location?: string } = { status: 200 };
let upstream: Server;
let app: FastifyInstance;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.headers['x-amz-target'] === 'AWSCognitoIdentityProviderService.AdminGetUser') {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify({ Enabled: true, UserStatus: 'CONFIRMED', UserAttributes: [{ Name: 'email', Value: 'a@b.example' }] }));
      return;
    }
    res.writeHead(upstreamAnswer.status, upstreamAnswer.location ? { location: upstreamAnswer.location } : { 'content-type': 'text/html' });
    res.end('<p>emulator page</p>');
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  app = Fastify();
  await app.register(localHostedUi, {
    upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    userPoolId: 'us-east-1_local',
    clientId: 'web',
    callbackUrls: [CALLBACK],
    productName: 'AssetTwin',
  });
});
afterAll(async () => {
  await app.close();
  upstream.close();
});

const authorize = (query: Record<string, string>) => app.inject({ method: 'GET', url: `/oauth2/authorize?${new URLSearchParams(query)}` });
const post = (form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/oauth2/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('local hosted UI', () => {
  it('shows its sign-in page for a well-formed code flow request', async () => {
    const page = await authorize(valid);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/oauth2/authorize">');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
  });

  it.each([
    ['another client', { client_id: 'other' }, 'not known'],
    ['an unregistered return address', { redirect_uri: 'https://evil.example/cb' }, 'not registered'],
    ['the implicit flow', { response_type: 'token' }, 'authorization code flow'],
    ['no PKCE', { code_challenge: '' }, 'PKCE code challenge'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'S256'],
    ['no openid scope', { scope: 'email' }, 'openid'],
  ])('refuses %s', async (_case, override, words) => {
    const page = await authorize({ ...valid, ...override });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(words);
  });

  it('escapes whatever the query carries into the page', async () => {
    const page = await authorize({ ...valid, state: '"><script>alert(1)</script>' });
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('passes the code back only to a registered address', async () => {
    upstreamAnswer = { status: 302, location: `${CALLBACK}?code=c1&state=abc` };
    const back = await post({ ...valid, username: 'a@b.example', password: 'x' });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${CALLBACK}?code=c1&state=abc`);

    upstreamAnswer = { status: 302, location: 'https://evil.example/cb?code=c1' };
    const elsewhere = await post({ ...valid, username: 'a@b.example', password: 'x' });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('says a wrong password in its own words and keeps the email', async () => {
    upstreamAnswer = { status: 200 };
    const again = await post({ ...valid, username: 'a@b.example', password: 'wrong' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Incorrect email or password.');
    expect(again.body).toContain('value="a@b.example"');
    expect(again.body).not.toContain('emulator page');
  });
});
