// @module-tag hardening/headers-and-limits
// Every answer carries the security headers and a policy that lets no
// inline or eval'd script run, CORS is closed unless origins are named, sign-in and administrative
// writes are rate limited (and the manifest is not), and what Node refuses is still problem+json.
import { writeFileSync } from 'node:fs';
import { createServer, get as httpGet, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { connectOrigins, pageDirectives } from '../plugins/contentSecurityPolicy.ts';
import { PREVIEWS_PER_WRITE } from '../plugins/rateLimits.ts';
import { BACKENDS, DEFAULT_RATE_LIMITS } from '../settings.ts';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { claims, sign, startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

let apps: TestApps;
let app: FastifyInstance;
let idp: Server;
let upstream: string;
let webRoot: string;

const STAFF = staffToken();
const staffNamed = (sub: string) => sign(claims({ sub, 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
const CUSTOMER = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs'] });
/** What Vite writes: module script, preload and stylesheet, all from this origin. */
const BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Asset platform</title><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`;
const CLIENT = 'web-client';
const CALLBACK = 'http://localhost:8080/login/singleSignOn';
const AUTHORIZE = `/oauth2/authorize?client_id=${CLIENT}&redirect_uri=${encodeURIComponent(CALLBACK)}&response_type=code&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256&scope=openid&state=s`;

const ask = (target: FastifyInstance, options: InjectOptions) => target.inject(options);
const inject = (options: InjectOptions) => ask(app, options);
const isProblem = (res: LightMyRequestResponse, status: number) =>
  res.statusCode === status && String(res.headers['content-type']).startsWith('application/problem+json');

/** The policy of an answer as directive → sources. */
function policy(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Whether a policy lets inline or eval'd script (or inline style) run. */
function unsafe(directives: Record<string, string[]>): string[] {
  const found: string[] = [];
  for (const name of ['script-src', 'style-src', 'default-src']) {
    for (const source of directives[name] ?? []) if (/^'unsafe-|^\*$|^https?:$|^data:$/.test(source)) found.push(`${name} ${source}`);
  }
  return found;
}

const localIdp = () => ({ upstream, userPoolId: 'us-east-1_local', clientId: CLIENT, callbackUrls: [CALLBACK] });

beforeAll(async () => {
  apps = await startTestApps();
  // A stand-in for cognito-local, so the identity provider's pass-through routes answer.
  idp = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}'));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(idp.address() as AddressInfo).port}`;
  webRoot = tempFolder('headers-web-');
  writeFileSync(join(webRoot, 'index.html'), BUILT_PAGE);
  app = await apps.app({
    messaging: { kind: 'local' },
    localIdp: localIdp(),
    webRoot,
    browserAuth: {
      region: 'us-east-1',
      userPoolId: 'local_pool',
      userPoolClientId: CLIENT,
      userPoolEndpoint: '/idp',
      authFlowType: 'USER_PASSWORD_AUTH',
      oauth: { domain: '', scopes: ['openid'], responseType: 'code' },
      passwordPolicy: null,
    },
  });
}, 60_000);
afterAll(async () => {
  await apps.close();
  await new Promise((resolve) => idp.close(resolve));
});

describe('security headers', () => {
  const ANSWERS: [string, string][] = [
    ['the public config (JSON)', '/api/v1/config'],
    ['a 404 problem', '/api/v1/nothing-here'],
    ['a 401 problem', '/api/v1/manifest'],
    ['the OpenAPI document', '/api/docs/json'],
    ['the Swagger UI', '/api/docs'],
    ['a Swagger UI asset', '/api/docs/static/swagger-initializer.js'],
    ["the web app's page", '/'],
    ['a screen address', '/asset-life/overview'],
    ['the hosted sign-in page', AUTHORIZE],
  ];

  it.each(ANSWERS)('%s: nosniff, frame denial and a policy without inline or eval script', async (_what, url) => {
    const res = await inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const directives = policy(res);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['script-src'] ?? directives['default-src']).toBeDefined();
    expect(unsafe(directives)).toEqual([]);
    expect(directives['object-src'] ?? directives['default-src']).toEqual(["'none'"]);
  });

  it('sends the same headers with the event stream, whose response head the route writes itself', async () => {
    const open = await apps.app({ corsOrigins: ['https://portal.example.com'] });
    await open.listen({ port: 0, host: '127.0.0.1' });
    const { port } = open.server.address() as AddressInfo;
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const req = httpGet(
        {
          port,
          host: '127.0.0.1',
          path: '/api/v1/events',
          headers: bearer(tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr'] }), {
            origin: 'https://portal.example.com',
            'x-request-id': 'stream-1',
          }),
        },
        (res) => {
          resolve(res.headers);
          req.destroy();
        },
      );
      req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    });
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['x-request-id']).toBe('stream-1');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toBe((await open.inject({ url: '/api/v1/config' })).headers['content-security-policy']);
    expect(headers['access-control-allow-origin']).toBe('https://portal.example.com');
  });

  it('lets the pages reach this origin, show data: images (the TOTP QR code) and post forms here only', async () => {
    const directives = policy(await inject({ url: '/' }));
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:']);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['base-uri']).toEqual(["'none'"]);
    expect(directives['script-src-attr']).toEqual(["'none'"]);
  });

  it("serves the app's page with a fresh nonce that its one inline script and the toast styles carry", async () => {
    const [first, second] = [await inject({ url: '/' }), await inject({ url: '/index.html' })];
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toBeTruthy();
      expect(policy(res)['script-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy(res)['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
      // Every inline script carries the nonce; goober reads it from window.__nonce__.
      const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([^<]*)<\/script>/g)];
      expect(inline).toHaveLength(1);
      expect(inline[0]![1]).toContain(`nonce="${nonce}"`);
      expect(inline[0]![2]).toBe(`window.__nonce__=${JSON.stringify(nonce)}`);
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    }
    expect(policy(first)['script-src']).not.toEqual(policy(second)['script-src']);
  });

  it('serves the Swagger UI page without inline script, so the common policy fits it', async () => {
    const res = await inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, text] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(text!.trim()).toBe('');
    }
    expect(res.body).not.toMatch(/\sstyle="|<style/);
    // Its React top bar renders the built-in logo's <style> before the initializer swaps the logo: allowed by hash only.
    const styles = policy(res)['style-src'] ?? [];
    expect(styles[0]).toBe("'self'");
    expect(styles.length).toBeGreaterThan(1);
    for (const source of styles.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    expect(policy(res)['script-src']).toEqual(["'self'"]);
  });

  it("swaps in a Swagger UI logo without inline styles, which as a data: image would fall under the page's policy", async () => {
    const res = await inject({ url: '/api/docs/static/swagger-initializer.js' });
    const logo = /img\.src = 'data:image\/svg\+xml;base64,([^']+)'/.exec(res.body)?.[1];
    expect(logo).toBeTruthy();
    const svg = Buffer.from(logo!, 'base64').toString('utf8');
    expect(svg).toMatch(/<svg/);
    expect(svg).not.toMatch(/<style|\sstyle=/);
  });

  it('lets the hosted sign-in page use its one stylesheet by hash, and nothing else', async () => {
    const res = await inject({ url: AUTHORIZE });
    expect(res.statusCode).toBe(200);
    const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    const directives = policy(res);
    expect(directives['style-src']).toEqual([`'sha256-${createHash('sha256').update(style).digest('base64')}'`]);
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(res.body).not.toMatch(/<script/);
  });

  it('names in connect-src the identity provider, hosted UI and backends a real deployment configures, never its messaging sink', async () => {
    const deployed = await apps.app({
      browserAuth: {
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_abc',
        userPoolClientId: 'c',
        userPoolEndpoint: null,
        authFlowType: 'USER_SRP_AUTH',
        oauth: { domain: 'auth.example.com', scopes: ['openid'], responseType: 'code' },
        passwordPolicy: null,
      },
      backends: {
        ...Object.fromEntries(BACKENDS.map((n) => [n, null])),
        main: 'https://api.example.com/main',
        rail: '/rail',
        lifeCost: 'https://cost.example.com:8443/v2',
      } as never,
      // The service forwards profiles itself (decision 0055): the browser never calls the sink.
      messaging: { kind: 'webhook', url: 'https://hooks.example.com/profiles', secret: 'a-shared-secret-of-32-characters' },
    });
    const res = await ask(deployed, { url: '/api/v1/config' });
    const config = res.json() as { auth: unknown; backends: Record<string, string | null> };
    expect(config.backends.main).toBe('https://api.example.com/main');
    expect(policy(res)['connect-src']).toEqual([
      "'self'",
      'https://api.example.com',
      'https://auth.example.com',
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://cost.example.com:8443',
    ]);
  });

  it('keeps a value that would break out of its directive out of the policy', () => {
    const origins = connectOrigins({
      auth: {
        region: "x; script-src 'unsafe-inline'",
        userPoolId: 'p',
        userPoolClientId: 'c',
        userPoolEndpoint: null,
        authFlowType: 'USER_SRP_AUTH',
        oauth: { domain: "evil.example; script-src 'unsafe-eval'", scopes: ['openid'], responseType: 'code' },
        passwordPolicy: null,
      },
      backends: { main: "https://api.example.com/x;script-src 'unsafe-inline'" } as never,
    });
    expect(origins).toEqual(['https://api.example.com']);
    const directives = pageDirectives({
      auth: {
        region: 'us-east-1',
        userPoolId: 'p',
        userPoolClientId: 'c',
        userPoolEndpoint: 'https://idp.example.com/x',
        authFlowType: 'USER_SRP_AUTH',
        oauth: null,
        passwordPolicy: null,
      },
      backends: {} as never,
    });
    expect(directives['connect-src']).toEqual(["'self'", 'https://idp.example.com']);
  });
});

describe('CORS', () => {
  const FOREIGN = 'https://evil.example';
  const preflight = (target: FastifyInstance, origin: string, url = '/api/v1/manifest') =>
    ask(target, { method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });

  it('is closed by default: no Access-Control-Allow-Origin, and preflights find nothing', async () => {
    for (const url of ['/api/v1/config', '/api/v1/manifest', '/api/docs/json']) {
      const res = await inject({ url, headers: bearer(CUSTOMER, { origin: FOREIGN }) });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    for (const url of ['/api/v1/manifest', '/api/v1/admin/preview', '/idp']) {
      const res = await preflight(app, FOREIGN, url);
      expect(isProblem(res, 404), url).toBe(true);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('opens for the named origins only when CORS_ORIGINS names them', async () => {
    const open = await apps.app({ corsOrigins: ['https://portal.example.com'] });
    const named = await ask(open, { url: '/api/v1/config', headers: { origin: 'https://portal.example.com' } });
    expect(named.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(String(named.headers.vary)).toMatch(/origin/i);
    expect(named.headers['access-control-allow-credentials']).toBeUndefined();
    const allowed = await preflight(open, 'https://portal.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://portal.example.com');
    expect(String(allowed.headers['access-control-allow-headers'])).toMatch(/authorization/i);
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PUT');

    for (const origin of [FOREIGN, 'https://portal.example.com.evil.example', 'http://portal.example.com', 'null']) {
      const res = await ask(open, { url: '/api/v1/config', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const refused = await preflight(open, origin);
      expect(isProblem(refused, 404), origin).toBe(true);
      expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

describe('rate limits', () => {
  const limited = (perMinute: Partial<typeof DEFAULT_RATE_LIMITS>) =>
    apps.app({ localIdp: localIdp(), rateLimits: { ...DEFAULT_RATE_LIMITS, ...perMinute }, userManagement: { pool: memoryUserPool([]) } });
  const idpCall = (target: FastifyInstance, remoteAddress = '127.0.0.1') =>
    ask(target, {
      method: 'POST',
      url: '/idp',
      remoteAddress,
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
      payload: '{}',
    });
  const preview = (target: FastifyInstance, token = STAFF) =>
    ask(target, {
      method: 'POST',
      url: '/api/v1/admin/preview',
      headers: bearer(token),
      payload: { claims: { role: 'customer', customerId: 'acme' } },
    });

  function expectLimited(res: LightMyRequestResponse) {
    expect(isProblem(res, 429), `${res.statusCode} ${res.body}`).toBe(true);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_RATE_LIMITED', status: 429 });
    const after = Number(res.headers['retry-after']);
    expect(after).toBeGreaterThanOrEqual(1);
    expect(after).toBeLessThanOrEqual(60);
  }

  it('limits sign-in per client address across /idp and /oauth2, telling Amplify it was too many requests', async () => {
    const target = await limited({ signInPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await idpCall(target)).statusCode).toBe(200);
    const refused = await idpCall(target);
    expectLimited(refused);
    expect(refused.headers['x-amzn-errortype']).toBe('TooManyRequestsException');
    // One count for all sign-in routes: switching endpoints gains nothing.
    expectLimited(await ask(target, { url: AUTHORIZE }));
    expectLimited(
      await ask(target, {
        method: 'POST',
        url: '/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=authorization_code',
      }),
    );
    // Another address has a count of its own; the API is not touched.
    expect((await idpCall(target, '10.0.0.9')).statusCode).toBe(200);
    expect((await ask(target, { url: '/api/v1/config' })).statusCode).toBe(200);
  });

  it('leaves the identity provider its own trigger call, which comes from the emulator', async () => {
    const target = await limited({ signInPerMinute: 1 });
    for (let i = 0; i < 5; i++) {
      const res = await ask(target, {
        method: 'POST',
        url: '/idp/lambda/2015-03-31/functions/pretoken/invocations',
        payload: { request: { userAttributes: { given_name: 'A' } } },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('limits administrative writes per signed-in user, not per address', async () => {
    const target = await limited({ adminWritesPerMinute: 2 });
    const write = (token = STAFF) =>
      ask(target, {
        method: 'PUT',
        url: '/api/v1/customers/acme/modules/mr',
        headers: bearer(token, { 'if-match': '"1"' }),
        payload: { enabled: false, reason: 'r' },
      });
    for (let i = 0; i < 2; i++) expect((await write()).statusCode).not.toBe(429);
    expectLimited(await write());
    // The user-management API's writes share the count: inviting users is as administrative as switching modules.
    expectLimited(
      await ask(target, {
        method: 'POST',
        url: '/api/user-management/users/u/disable',
        headers: bearer(STAFF),
        payload: { reason: 'r' },
      }),
    );
    // Previews have a count of their own: editing a release draft never uses up the writes, nor writes the previews.
    expect((await preview(target)).statusCode).toBe(200);
    // Another member of staff, from the same address, is not held up; reads are not counted.
    expect((await write(staffNamed('staff-2'))).statusCode).not.toBe(429);
    expect((await ask(target, { url: '/api/v1/admin/modules', headers: bearer(STAFF) })).statusCode).toBe(200);
    // Sign-in and role checks come first: a stranger is told 401 and a customer 403, not 429.
    expect(isProblem(await preview(target, 'not-a-token'), 401)).toBe(true);
    expect(isProblem(await preview(target, CUSTOMER), 403)).toBe(true);
  });

  it('limits previews per user at five times the writes, apart from them', async () => {
    const target = await limited({ adminWritesPerMinute: 2 });
    for (let i = 0; i < 2 * PREVIEWS_PER_WRITE; i++) expect((await preview(target)).statusCode).toBe(200);
    expectLimited(await preview(target));
    expect((await preview(target, staffNamed('staff-3'))).statusCode).toBe(200);
  });

  it('turns a limit off at 0', async () => {
    const target = await limited({ signInPerMinute: 0, adminWritesPerMinute: 0 });
    for (let i = 0; i < 10; i++) {
      expect((await idpCall(target)).statusCode).toBe(200);
      expect((await preview(target)).statusCode).toBe(200);
    }
  });

  it('does not limit the manifest under the default limits: a load test from one address is served', async () => {
    const target = await limited({});
    const answers = await Promise.all(Array.from({ length: 300 }, () => ask(target, { url: '/api/v1/manifest', headers: bearer(CUSTOMER) })));
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.statusCode)).toEqual([]);
    expect(answers[0]!.headers['retry-after']).toBeUndefined();
    expect(answers[0]!.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('has defaults the end-to-end suite never reaches and a person never notices', () => {
    expect(DEFAULT_RATE_LIMITS.signInPerMinute).toBeGreaterThanOrEqual(60);
    expect(DEFAULT_RATE_LIMITS.adminWritesPerMinute).toBeGreaterThanOrEqual(30);
  });
});

describe('what Node refuses before Fastify', () => {
  let base: { host: string; port: number };
  let served: FastifyInstance;
  beforeAll(async () => {
    served = await apps.app({});
    await served.listen({ port: 0, host: '127.0.0.1' });
    const address = served.server.address() as AddressInfo;
    base = { host: '127.0.0.1', port: address.port };
  });

  /** Sends raw bytes and reads the whole answer: Node answers these before any route runs. */
  const raw = (request: string) =>
    new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
      const socket = connect(base.port, base.host);
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
      });
      socket.end(request);
    });

  it.each([
    ['an over-long URL', `GET /api/v1/config?q=${'x'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'CFG_ERR_HEADERS_TOO_LARGE'],
    ['an over-long header', `GET /api/v1/config HTTP/1.1\r\nHost: x\r\nX-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`, 431, 'CFG_ERR_HEADERS_TOO_LARGE'],
    [
      'too many headers together',
      `GET /api/v1/config HTTP/1.1\r\nHost: x\r\n${Array.from({ length: 400 }, (_, i) => `X-H${i}: ${'y'.repeat(60)}`).join('\r\n')}\r\n\r\n`,
      431,
      'CFG_ERR_HEADERS_TOO_LARGE',
    ],
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'CFG_ERR_BAD_REQUEST'],
    ['a bad header name', 'GET /api/v1/config HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400, 'CFG_ERR_BAD_REQUEST'],
  ])('answers %s with problem+json', async (_what, request, status, code) => {
    const res = await raw(request);
    expect(res.status).toBe(status);
    expect(res.headers).toMatch(/content-type: application\/problem\+json/i);
    expect(res.headers).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(res.body)).toMatchObject({ status, code, type: `https://asset-platform.example/problems/${code}` });
  });

  it('serves a long URL under the limit as any other request', async () => {
    const res = await raw(`GET /api/v1/nothing?q=${'x'.repeat(8 * 1024)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'CFG_ERR_NOT_FOUND' });
  });

  it('answers an over-long path segment 414 problem+json', async () => {
    const res = await ask(app, { url: `/api/v1/customers/${'c'.repeat(500)}/modules/mr`, headers: bearer(STAFF) });
    expect(isProblem(res, 414), res.body).toBe(true);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_URI_TOO_LONG', instance: expect.stringMatching(/^\/api\/v1\/customers\//) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a path that cannot be decoded 400 problem+json', async () => {
    const res = await ask(app, { url: '/api/v1/customers/%E0%A4%A/modules/mr', headers: bearer(STAFF) });
    expect(isProblem(res, 400), `${res.statusCode} ${res.body}`).toBe(true);
  });
});
