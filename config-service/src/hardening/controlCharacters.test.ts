// @module-tag hardening/input
// A NUL byte (or another control character) in any path segment or query string of any route the
// service registers, present or added later, is refused with 400 problem+json before it reaches a
// handler, SQL above all (PostgreSQL refuses NUL in text): never a 500 with a stack in the log.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loggerOptions } from '../logging/loggerOptions.ts';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { demoCustomerModules, releasesOn, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const STAFF = staffToken();
const lines: string[] = [];
let apps: TestApps;
let app: FastifyInstance;
let idp: Server;

beforeAll(async () => {
  apps = await startTestApps();
  // A stand-in for cognito-local, so the identity provider's pass-through routes are registered.
  idp = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}'));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const webRoot = tempFolder('control-web-');
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>AssetTwin</title>');
  const modules = apps.track(await demoCustomerModules(apps.folder));
  // Every route the service can register, on a real database: the refusals the finding saw were PostgreSQL's.
  app = await apps.app({
    customerModules: modules,
    releases: await releasesOn(modules, apps.folder),
    messaging: { kind: 'local' },
    localMainApi: { signingKey: Buffer.alloc(32, 4) },
    userManagement: { pool: memoryUserPool([]) },
    localIdp: { upstream: `http://127.0.0.1:${(idp.address() as AddressInfo).port}`, userPoolId: 'us-east-1_local', clientId: 'web-client', callbackUrls: [] },
    webRoot,
    logger: loggerOptions({ level: 'info', pretty: false, stream: { write: (line) => void lines.push(line) } }),
  });
}, 60_000);
afterAll(async () => {
  await apps.close();
  await new Promise((resolve) => idp.close(resolve));
});

/** Every route but the HEAD twins of GET routes, which share their handler. */
const routes = () => app.routeTable.filter((r) => r.method !== 'HEAD' || !app.routeTable.some((g) => g.method === 'GET' && g.url === r.url));
/** Ordinary values for a route's parameters, so that only the one under test carries the character. */
const ordinary = (url: string) =>
  url
    .replace(':customerId', 'acme')
    .replace(/:(moduleKey|key)\b/, 'lcc')
    .replace(':version', '1.0.0')
    .replace(':username', 'gina@acme.example')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'index.js');
const paramsOf = (url: string) => [...url.matchAll(/:[A-Za-z]+|\*/g)].map((m) => m[0]);
const withOne = (url: string, param: string, value: string) => ordinary(url.replace(param, value));
const isBadRequest = (res: LightMyRequestResponse) => res.statusCode === 400 && String(res.headers['content-type']).startsWith('application/problem+json');
const errorLines = () => lines.map((line) => JSON.parse(line) as { level: number; msg?: string }).filter((l) => l.level >= 50);

/** A request per route and channel: each parameter in turn, then each query parameter the route reads (or one it does not). */
function attempts(character: string): { route: string; method: string; url: string }[] {
  const found: { route: string; method: string; url: string }[] = [];
  for (const { method, url, queryNames } of routes()) {
    const route = `${method} ${url}`;
    for (const param of paramsOf(url)) found.push({ route, method, url: withOne(url, param, character) });
    for (const name of queryNames.length ? queryNames : ['q']) found.push({ route, method, url: `${ordinary(url)}?${name}=a${character}b` });
  }
  return found;
}

describe('a control character in the address', () => {
  it('is tried on every route, on the queries the finding named among them', () => {
    const tried = attempts('%00').map((a) => a.url);
    expect(routes().length).toBeGreaterThan(40);
    expect(tried).toEqual(
      expect.arrayContaining([
        '/modules/lcc/1.0.0/%00',
        '/api/v1/customers?query=a%00b',
        '/api/user-management/audit?username=a%00b',
        '/api/v1/customers/acme/audit?actor=a%00b',
      ]),
    );
  });

  it.each([
    ['NUL', '%00'],
    ['a line feed', '%0A'],
    ['an escape', '%1B'],
    ['DEL', '%7F'],
  ])(
    '%s in any path segment or query string of any route is refused with 400 problem+json, and logs no error',
    async (_what, character) => {
      lines.length = 0;
      const wrong: string[] = [];
      for (const { method, url } of attempts(character)) {
        const answer = app.inject({ method: method as 'GET', url, headers: { ...bearer(STAFF), 'x-customer-id': 'acme' } });
        // Accepted, the event stream would answer with a stream that never ends: give up on it after a while.
        const res = url.startsWith('/api/v1/events')
          ? await Promise.race([answer, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5_000))])
          : await answer;
        if (!res) wrong.push(`${method} ${url} → accepted (no answer)`);
        // A HEAD answer has no body to read the code from.
        else if (!isBadRequest(res) || (method !== 'HEAD' && res.json().code !== 'CFG_ERR_CONTROL_CHARACTER'))
          wrong.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(wrong).toEqual([]);
      expect(errorLines()).toEqual([]);
      // Every route's every channel, on a busy two-core runner.
    },
    120_000,
  );

  it('leaves ordinary text alone, encoded look-alikes and characters beyond ASCII included', async () => {
    for (const query of ['query=a%2500b', 'query=caf%C3%A9', 'query=%20spaced+out%20']) {
      const res = await app.inject({ url: `/api/v1/customers?${query}`, headers: bearer(STAFF) });
      expect(res.statusCode).toBe(200);
    }
  });
});

describe('an address no route matches', () => {
  it.each(['/a%0Ab', '/%0D%0Aevil', '/login?redirect=/%00//evil.example'])(
    '%s is still a screen address: the web app page, whose router and sign-in guard judge it',
    async (url) => {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    },
  );

  it('under /api is a 404 problem', async () => {
    const res = await app.inject({ url: '/api/v1/no%00where' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('CFG_ERR_NOT_FOUND');
  });
});
