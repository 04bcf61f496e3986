// @module-tag hardening/input
// Every route that takes a body refuses one over its limit (413), one that is not
// what it says (400) and a type it does not read (415), all as problem+json; keys that reach for the
// prototype (__proto__, constructor.prototype) are refused and pollute nothing, grant nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { claims, demoCustomerModules, releasesOn, sign, startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

let apps: TestApps;
let app: FastifyInstance;
let idp: Server;
/** Bodies the stand-in identity provider received, to see what the adapter passes on. */
const forwarded: string[] = [];

const STAFF = staffToken();
const CUSTOMER = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs'] });
const KB = 1024;

beforeAll(async () => {
  apps = await startTestApps();
  idp = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      forwarded.push(body);
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  app = await apps.app({
    customerModules: modules,
    releases,
    messaging: { kind: 'local' },
    localMainApi: { signingKey: Buffer.alloc(32, 1) },
    localIdp: {
      upstream: `http://127.0.0.1:${(idp.address() as AddressInfo).port}`,
      userPoolId: 'us-east-1_local',
      clientId: 'web-client',
      callbackUrls: ['http://localhost:8080/cb'],
    },
  });
}, 60_000);
afterAll(async () => {
  await apps.close();
  await new Promise((resolve) => idp.close(resolve));
});
afterEach(() => {
  // Whatever a case sent, no object in this process may have gained a property.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

/** Every route that takes a body, from the service's own route table so a new one cannot escape. */
const bodyRoutes = () => app.routeTable.filter((r) => /^(POST|PUT|PATCH|DELETE)$/.test(r.method));
const concrete = (url: string) =>
  url.replace(':customerId', 'acme').replace(':moduleKey', 'mr').replace(':name', 'pretoken').replace(':id', '0123456789ab').replace(':domain', 'acme-wind');

/** The body types the service reads, how much of each it takes, and which routes read them. */
const READERS: { type: string; limit: number; reads: (url: string) => boolean }[] = [
  // A route may take more (a manifest release, a draft to preview): its own limit is used for it.
  { type: 'application/json', limit: 64 * KB, reads: () => true },
  { type: 'application/x-amz-json-1.1', limit: 64 * KB, reads: (url) => url.startsWith('/idp') },
  { type: 'application/x-www-form-urlencoded', limit: 16 * KB, reads: (url) => url.startsWith('/oauth2/') },
  // The emulator's trigger call comes without a JSON type; its scope reads anything, up to 256 KB.
  { type: 'text/plain', limit: 256 * KB, reads: (url) => url.startsWith('/idp') },
];
const UNREAD_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream'];

async function send(route: { method: string; url: string }, options: Omit<InjectOptions, 'method' | 'url'>): Promise<LightMyRequestResponse> {
  const headers = bearer(STAFF, { 'if-match': '"1"', ...(options.headers ?? {}) });
  return app.inject({ ...options, method: route.method as InjectOptions['method'], url: concrete(route.url), headers });
}
const isProblem = (res: LightMyRequestResponse, status: number) =>
  res.statusCode === status && String(res.headers['content-type']).startsWith('application/problem+json');
const describeAnswer = (route: { method: string; url: string }, res: LightMyRequestResponse) =>
  `${route.method} ${route.url} → ${res.statusCode} ${String(res.headers['content-type'])} ${res.body.slice(0, 100)}`;

/** How much of `type` a route reads: the route's own JSON limit where it has one. */
const limitOf = (route: { bodyLimit?: number }, type: string, limit: number) => (type === 'application/json' ? (route.bodyLimit ?? limit) : limit);
/** Over every route's limit, whatever the type. */
const FAR_OVER = () => Math.max(256 * KB, ...app.routeTable.map((r) => r.bodyLimit ?? 0)) * 2;

/** A body of exactly `size` bytes that is valid in the given type. */
function bodyOf(type: string, size: number): string {
  if (type === 'application/x-www-form-urlencoded') return `a=${'x'.repeat(size - 2)}`;
  const head = '{"padding":"';
  return `${head}${'x'.repeat(size - head.length - 2)}"}`;
}

describe('the walk', () => {
  it('covers every route that takes a body', () => {
    const urls = bodyRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/v1/admin/preview',
        'POST /api/v1/admin/releases',
        'PUT /api/v1/admin/releases/active',
        'PUT /api/v1/customers/:customerId/modules/:moduleKey',
        'DELETE /api/v1/admin/modules/:key/bundles/:version',
        'POST /api/v1/messaging/endpoints',
        'POST /idp',
        'POST /oauth2/authorize',
        'POST /oauth2/token',
      ]),
    );
  });
});

describe('body limits', () => {
  it.each(READERS)('refuses a $type body one byte over its limit with 413 problem+json on every route that reads it', async ({ type, limit, reads }) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => reads(r.url))) {
      const res = await send(route, { headers: { 'content-type': type }, payload: bodyOf(type, limitOf(route, type, limit) + 1) });
      if (!isProblem(res, 413) || res.json().code !== 'CFG_ERR_PAYLOAD_TOO_LARGE') wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it.each(READERS)('counts a $type body sent in chunks without a length, and stops it at the limit', async ({ type, limit, reads }) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => reads(r.url))) {
      const res = await send(route, {
        headers: { 'content-type': type },
        payload: Readable.from([bodyOf(type, limitOf(route, type, limit) + 1)].map((text) => Buffer.from(text))),
      });
      if (!isProblem(res, 413)) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it.each(READERS)('reads a $type body just under its limit (whatever the route then says of it)', async ({ type, limit, reads }) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => reads(r.url))) {
      const res = await send(route, { headers: { 'content-type': type }, payload: bodyOf(type, limitOf(route, type, limit) - 1) });
      if (res.statusCode === 413 || res.statusCode >= 500) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a body far over every limit on every route, whatever its type', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      for (const type of ['application/json', 'application/x-amz-json-1.1', 'application/x-www-form-urlencoded', 'text/plain']) {
        const res = await send(route, { headers: { 'content-type': type }, payload: bodyOf(type, FAR_OVER()) });
        // A type the route does not read is refused as such, before a byte is read.
        if (!isProblem(res, 413) && !isProblem(res, 415)) wrong.push(`${type}: ${describeAnswer(route, res)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a Content-Length that the body does not match', async () => {
    const route = { method: 'POST', url: '/api/v1/admin/preview' };
    const res = await send(route, { headers: { 'content-type': 'application/json', 'content-length': '10' }, payload: '{"claims":{"role":"customer"}}' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('malformed bodies and wrong types', () => {
  const MALFORMED: [string, string][] = [
    ['truncated JSON', '{"claims":{"role":'],
    ['a trailing comma', '{"claims":{},}'],
    ['single quotes', "{'claims':{}}"],
    ['not JSON at all', 'hello'],
    ['a lone surrogate escape in a key', '{"\\ud800":1'],
  ];

  it.each(MALFORMED)('answers %s as application/json with 400 problem+json on every route', async (_what, payload) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await send(route, { headers: { 'content-type': 'application/json' }, payload });
      if (!isProblem(res, 400) || res.json().code !== 'CFG_ERR_BAD_REQUEST') wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers an empty application/json body with 400 problem+json on every route', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await send(route, { headers: { 'content-type': 'application/json' }, payload: '' });
      if (!isProblem(res, 400)) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers JSON nested thousands deep with 400 problem+json, not a crash', async () => {
    const wrong: string[] = [];
    const deep = `{"claims":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const route of bodyRoutes().filter((r) => r.url.startsWith('/api/'))) {
      const res = await send(route, { headers: { 'content-type': 'application/json' }, payload: deep });
      if (!isProblem(res, 400)) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it.each(UNREAD_TYPES)('answers %s on the API routes with 415 problem+json', async (type) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => r.url.startsWith('/api/'))) {
      const res = await send(route, { headers: { 'content-type': type }, payload: '{"claims":{"role":"customer"}}' });
      if (!isProblem(res, 415) || res.json().code !== 'CFG_ERR_UNSUPPORTED_MEDIA_TYPE') wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers a body without a Content-Type on the API routes with 415 problem+json', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => r.url.startsWith('/api/'))) {
      const res = await send(route, { payload: Buffer.from('{"claims":{}}') });
      if (!isProblem(res, 415)) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('answers what the identity provider adapter cannot read with 4xx, never 5xx', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes().filter((r) => !r.url.startsWith('/api/'))) {
      for (const type of ['text/plain', 'application/xml', 'application/x-amz-json-1.1', 'application/x-www-form-urlencoded']) {
        const res = await send(route, {
          headers: { 'content-type': type, 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
          payload: '{not json',
        });
        if (res.statusCode >= 500) wrong.push(`${type}: ${describeAnswer(route, res)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('keys that reach for the prototype', () => {
  const HOSTILE: [string, string][] = [
    ['__proto__ at the top', '{"__proto__":{"polluted":"yes","role":"sentient"},"claims":{"role":"customer"}}'],
    ['__proto__ nested', '{"claims":{"role":"customer","__proto__":{"role":"sentient","polluted":"yes"}}}'],
    ['__proto__ in an array item', '{"claims":{"role":"customer","modules":[{"__proto__":{"polluted":"yes"}}]}}'],
    ['__proto__ spelt with an escape', '{"\\u005f_proto__":{"polluted":"yes"},"claims":{"role":"customer"}}'],
    ['constructor.prototype', '{"constructor":{"prototype":{"polluted":"yes"}},"claims":{"role":"customer"}}'],
    ['constructor.prototype nested', '{"claims":{"role":"customer","constructor":{"prototype":{"polluted":"yes"}}}}'],
  ];

  it.each(HOSTILE)('refuses %s in a JSON body with 400 problem+json on every route', async (_what, payload) => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      const res = await send(route, { headers: { 'content-type': 'application/json' }, payload });
      if (!isProblem(res, 400)) wrong.push(describeAnswer(route, res));
    }
    expect(wrong).toEqual([]);
  });

  it('takes plain "constructor" and "prototype" keys as data: refused where the schema has no such field, harmless elsewhere', async () => {
    const wrong: string[] = [];
    for (const route of bodyRoutes()) {
      for (const payload of ['{"prototype":{"polluted":"yes"},"claims":{"role":"customer"}}', '{"constructor":"x","claims":{"role":"customer"}}']) {
        const res = await send(route, { headers: { 'content-type': 'application/json' }, payload });
        if (route.url.startsWith('/api/') ? !isProblem(res, 400) : res.statusCode >= 500) wrong.push(describeAnswer(route, res));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('passes identity-provider bodies on as text, so the keys reach no object here', async () => {
    forwarded.length = 0;
    const payload = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"ClientId":"web-client"}';
    const res = await send(
      { method: 'POST', url: '/idp' },
      { headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' }, payload },
    );
    expect(res.statusCode).toBe(200);
    expect(forwarded).toEqual([payload]);
  });

  it('does not let __proto__ hide a custom: attribute from the adapter that refuses browser writes to it', async () => {
    for (const attributes of [
      '[{"Name":"custom:auth","Value":"{}","__proto__":{"Name":"email"}}]',
      '[{"__proto__":{"Name":"email"},"Name":"CUSTOM:auth","Value":"{}"}]',
    ]) {
      forwarded.length = 0;
      const res = await send(
        { method: 'POST', url: '/idp' },
        {
          headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.UpdateUserAttributes' },
          payload: `{"AccessToken":"t","UserAttributes":${attributes}}`,
        },
      );
      expect(res.statusCode).toBe(400);
      expect(res.headers['x-amzn-errortype']).toBe('NotAuthorizedException');
      expect(forwarded).toEqual([]);
    }
  });

  it('grants no staff rights to a customer who sends __proto__.role', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/preview',
      headers: bearer(CUSTOMER, { 'content-type': 'application/json' }),
      payload: '{"__proto__":{"role":"sentient"},"claims":{"role":"sentient"}}',
    });
    expect(isProblem(res, 403)).toBe(true);
  });

  it('grants no staff rights through __proto__ inside the token’s auth claim', async () => {
    for (const auth of [
      '{"__proto__":{"role":"sentient"}}',
      '{"role":"customer","customerId":"acme","__proto__":{"role":"sentient","modules":["mb"]}}',
      '{"constructor":{"prototype":{"role":"sentient"}}}',
    ]) {
      const token = sign(claims({ 'custom:auth': auth }));
      const admin = await app.inject({ url: '/api/v1/admin/modules', headers: bearer(token) });
      expect(admin.statusCode, auth).not.toBe(200);
      expect(String(admin.headers['content-type'])).toMatch(/^application\/problem\+json/);
      const manifest = await app.inject({ url: '/api/v1/manifest', headers: bearer(token) });
      if (manifest.statusCode === 200)
        expect(
          manifest.json().modules.map((m: { key: string }) => m.key),
          auth,
        ).not.toContain('mb');
    }
  });
});
