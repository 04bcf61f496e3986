// @module-tag hardening/tenants-and-roles
// A customer user reaches no other customer's data through any channel
// (X-Customer-Id, path, query, body), only staff reach the staff-only routes, and every route the
// service registers has a case here, so a new one cannot slip past.
import { writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { CustomerModules } from '../customers/customerModules.ts';
import { manifestSetFromFiles } from '../manifests/loadManifestSet.ts';
import type { ManifestReleases } from '../releases/manifestReleases.ts';
import type { DirectoryUser } from '../testing/standIns.ts';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { UserDirectoryStore } from '../store/userDirectoryStore.ts';
import { directoryEntryOf } from '../users/directoryEntries.ts';
import { toManagedUser } from '../users/managedUser.ts';
import { claims, demoCustomerModules, releasesOn, sign, startTestApps, tokenFor, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import { ScreenReportStore } from '../store/screenReportStore.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

/** How a route is checked: each kind has its own walker below. */
type Kind = 'public' | 'signed-link' | 'own-user' | 'customer-scoped' | 'domain-scoped' | 'staff-only';

/** Every route of an app with every option on (HEAD twins of GET routes left out); the first test holds it to the route table. */
const ROUTES: Record<string, Kind> = {
  'GET /api/docs': 'public',
  'HEAD /api/docs/': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/v1/config': 'public',
  'POST /api/v1/publish-tokens': 'public',
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'public',
  'GET /api/v1/manifest': 'own-user',
  'GET /api/v1/events': 'own-user',
  'POST /api/v1/messaging/endpoints': 'own-user',
  'GET /api/v1/notifications/read': 'own-user',
  'PUT /api/v1/notifications/read': 'own-user',
  'POST /api/v1/telemetry/screens': 'own-user',
  'GET /api/v1/admin/modules': 'staff-only',
  'GET /api/v1/admin/modules/:key/bundles': 'staff-only',
  'PUT /api/v1/admin/modules/:key/bundles/:version': 'staff-only',
  'DELETE /api/v1/admin/modules/:key/bundles/:version': 'staff-only',
  'GET /modules/:key/:version/*': 'public',
  'POST /api/v1/admin/preview': 'staff-only',
  'GET /api/v1/admin/messaging/endpoints': 'staff-only',
  'GET /api/v1/customers': 'staff-only',
  'POST /api/v1/customers': 'staff-only',
  'GET /api/v1/customers/:customerId': 'staff-only',
  'PATCH /api/v1/customers/:customerId': 'staff-only',
  'GET /api/v1/unadded-customers': 'staff-only',
  'GET /api/v1/customers/:customerId/modules/:moduleKey': 'staff-only',
  'PUT /api/v1/customers/:customerId/modules/:moduleKey': 'staff-only',
  'GET /api/v1/customers/:customerId/audit': 'staff-only',
  'GET /api/main/users': 'staff-only',
  'GET /api/user-management/users': 'staff-only',
  'POST /api/user-management/users': 'staff-only',
  'PUT /api/user-management/users/:username': 'staff-only',
  'POST /api/user-management/users/:username/disable': 'staff-only',
  'POST /api/user-management/users/:username/enable': 'staff-only',
  'POST /api/user-management/users/:username/reset-mfa': 'staff-only',
  'POST /api/user-management/users/:username/resend-invitation': 'staff-only',
  'GET /api/user-management/audit': 'staff-only',
  'GET /api/user-management/sync': 'staff-only',
  'POST /api/user-management/sync': 'staff-only',
  'GET /api/v1/admin/releases': 'staff-only',
  'GET /api/v1/admin/releases/audit': 'staff-only',
  'GET /api/v1/admin/releases/:id': 'staff-only',
  'GET /api/v1/admin/releases/:id/diff': 'staff-only',
  'POST /api/v1/admin/releases': 'staff-only',
  'PUT /api/v1/admin/releases/active': 'staff-only',
  'PUT /api/v1/admin/releases/pilot': 'staff-only',
  'DELETE /api/v1/admin/releases/pilot': 'staff-only',
  'POST /api/v1/admin/releases/pilot/promote': 'staff-only',
  'GET /api/v1/admin/releases/pilot/health': 'staff-only',
  'GET /api/v1/admin/modules/:key/health': 'staff-only',
  'GET /api/v1/admin/notices': 'staff-only',
  'GET /api/v1/admin/publishers': 'staff-only',
  'POST /api/v1/admin/publishers': 'staff-only',
  'DELETE /api/v1/admin/publishers/:id': 'staff-only',
  'GET /api/main/customers/:customerId/users': 'customer-scoped',
  'GET /api/main/customers/:customerId/users/download-artifact/:artifact': 'customer-scoped',
  'GET /api/main/customers/flexcmaccess/:customerId': 'customer-scoped',
  'GET /api/main/customers/:customerId/sitegroups': 'customer-scoped',
  'GET /api/main/customers/:customerId/uploads': 'customer-scoped',
  'GET /api/main/customers/:customerId/uploads/:uploadId/content': 'customer-scoped',
  'GET /api/main/customers/:customerId/notifications': 'customer-scoped',
  'GET /api/main/artifacts/:customerId/:artifact': 'signed-link',
  'GET /api/model-runtime/customers/:customerId/domains': 'customer-scoped',
  'GET /api/model-runtime/domains': 'staff-only',
  ...Object.fromEntries(
    ['models', 'scripts', 'fmus', 'jobs', 'jobs/:jobId', 'jobs/:jobId/logs', 'workflows', 'workflows/:jobId', 'workflows/:jobId/logs'].map((tail) => [
      `GET /api/model-runtime/domains/:domain/${tail}`,
      'domain-scoped' as const,
    ]),
  ),
  'POST /api/model-runtime/domains/:domain/jobs': 'domain-scoped',
  'POST /api/model-runtime/domains/:domain/workflows': 'domain-scoped',
  'POST /idp': 'public',
  'POST /idp/lambda/2015-03-31/functions/:name/invocations': 'public',
  'GET /oauth2/authorize': 'public',
  'POST /oauth2/authorize': 'public',
  'POST /oauth2/token': 'public',
  'GET /index.html': 'public',
};
const routesOf = (kind: Kind) => Object.keys(ROUTES).filter((route) => ROUTES[route] === kind);

interface Tenant {
  id: string;
  token: string;
  email: string;
  /** Text found only in this customer's rows; any of it in another customer's answer is a leak. */
  rows: string[];
  /** A site group of this customer's, for the query channel. */
  siteGroup: string;
}
const customerToken = (id: string, email: string) =>
  sign(
    claims({
      sub: `${id}-user`,
      email,
      'custom:auth': JSON.stringify({ role: 'customer', customerId: id, modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' }),
    }),
  );
const AUDIT_REASON = (id: string) => `${id}-only audit reason`;
const ACME: Tenant = {
  id: 'acme',
  token: customerToken('acme', 'erin@acme.example'),
  email: 'erin@acme.example',
  rows: ['Acme Industrial', 'dana@acme.example', 'up-acme-', 'n-acme-', 'Brent Alpha', 'artifacts/acme/', AUDIT_REASON('acme')],
  siteGroup: 'north-sea',
};
const GLOBEX: Tenant = {
  id: 'globex',
  token: customerToken('globex', 'vic@globex.example'),
  email: 'vic@globex.example',
  rows: ['Globex Energy', 'gina@globex.example', 'vic@globex.example', 'up-globex-', 'n-globex-', 'Innsbruck', 'artifacts/globex/', AUDIT_REASON('globex')],
  siteGroup: 'alpine',
};
/** Each customer's user trying to reach the other. */
const DIRECTIONS: [string, Tenant, Tenant][] = [
  ['acme → globex', ACME, GLOBEX],
  ['globex → acme', GLOBEX, ACME],
];
/** Rows, and the customer's id as a JSON field; public routes may echo the id the caller sent, so only rows count there. */
const markersOf = (t: Tenant) => [...t.rows, `"customerId":"${t.id}"`];
/** The markers in an answer, but for those the caller sent itself (a problem's `instance` and `detail` repeat the request). */
const found = (body: string, markers: string[], sent = '') => markers.filter((m) => body.includes(m) && !sent.includes(m));

const staff = staffToken();
/** Signed-in users who are not staff, however close they come. */
const NOT_STAFF: [string, string][] = [
  ['a customer user', ACME.token],
  ["another customer's user", GLOBEX.token],
  ['a token without an auth claim', sign(claims({ 'custom:auth': undefined }))],
  ['role "Sentient"', tokenFor({ role: 'Sentient' })],
  ['role "SENTIENT" with a customer', tokenFor({ role: 'SENTIENT', customerId: 'acme' })],
  ['role "sentient " with a space', tokenFor({ role: 'sentient ' })],
  ['a customer role without a customer', tokenFor({ role: 'customer', modules: ['mr'] })],
];

const directoryUser = (email: string, customerId: string | null, role = 'customer'): DirectoryUser => ({
  username: email,
  email,
  givenName: email.split('@')[0]!,
  familyName: 'Tester',
  role,
  customerId,
  mfa: 'off',
  status: 'CONFIRMED',
  enabled: true,
});
/** A directory user as the user-management API's pool holds them, named by e-mail address. */
const managedUser = (user: DirectoryUser) =>
  toManagedUser({
    Username: user.email,
    UserStatus: user.status,
    Attributes: [
      { Name: 'email', Value: user.email },
      { Name: 'custom:auth', Value: JSON.stringify({ role: user.role, ...(user.customerId ? { customerId: user.customerId } : {}) }) },
    ],
  });
const USERS = [
  directoryUser('erin@acme.example', 'acme'),
  directoryUser('dana@acme.example', 'acme'),
  directoryUser('gina@globex.example', 'globex'),
  directoryUser('ops@provider.example', null, 'sentient'),
];

let apps: TestApps;
let app: FastifyInstance;
let modules: CustomerModules;
let releases: ManifestReleases;
/** The first release: the one every route naming a release names. */
let firstRelease: string;
/** A second release, published but not active: the one a pilot serves. */
let pilotRelease: string;
let base: string;
let idp: Server;

/** Flips a switch as an operator would (straight to the store, which the routes under test read). */
async function flip(customerId: string, moduleKey: string, reason = 'test') {
  const current = (await modules.modulesOf(customerId)).find((m) => m.key === moduleKey)!;
  await modules.setModule({
    customerId,
    moduleKey,
    enabled: !current.enabled,
    reason,
    expectedVersion: current.version,
    actor: { sub: 'op', email: 'op@provider.example' },
  });
}

const endpointOf = (t: Tenant, companyId = t.id) => ({
  address: t.email,
  userId: t.id,
  attributes: { user: [t.id], role: ['customer'], companyId: [companyId] },
});

beforeAll(async () => {
  apps = await startTestApps();
  // A stand-in for cognito-local, so the identity provider's pass-through routes answer.
  idp = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}'));
  await new Promise<void>((resolve) => idp.listen(0, '127.0.0.1', resolve));
  const webRoot = tempFolder('tenants-web-');
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>AssetTwin</title>');
  // A database of this file's own: the tests below change switches.
  modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  // The users both lists read: the user directory beside the customers (decision 0091).
  await new UserDirectoryStore(modules.store.db).written(USERS.map((u) => directoryEntryOf(managedUser(u))));
  firstRelease = releases.current().release;
  const renamed = structuredClone(releases.current().contents) as Record<string, Record<string, unknown>>;
  renamed['hs.json']!.name = 'Asset Life (pilot)';
  pilotRelease = (await releases.publish(manifestSetFromFiles(renamed), 'a pilot', { sub: 'op', email: '' })).release.id;
  app = await apps.app({
    customerModules: modules,
    releases,
    messaging: { kind: 'local' },
    localMainApi: { signingKey: Buffer.alloc(32, 3) },
    userManagement: {
      pool: memoryUserPool(USERS.map(managedUser)),
      sync: { request: async () => undefined, state: async () => ({ running: false, requestedAt: null, succeededAt: null, lastRun: null }) },
    },
    claimedCustomerIds: {
      read: async () => ({
        counts: new Map([
          ['globex', 1],
          ['hooli', 2],
        ]),
        usersRead: 3,
        complete: true,
      }),
    },
    localIdp: {
      upstream: `http://127.0.0.1:${(idp.address() as AddressInfo).port}`,
      userPoolId: 'us-east-1_local',
      clientId: 'web-client',
      callbackUrls: ['http://localhost:8080/cb'],
    },
    webRoot,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Each customer has data of its own wherever the routes keep any: globex has lcc off, both have an audit trail and a messaging profile.
  await flip('globex', 'lcc', AUDIT_REASON('globex'));
  await flip('acme', 'mb', AUDIT_REASON('acme'));
  for (const t of [ACME, GLOBEX]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/messaging/endpoints',
      headers: bearer(t.token),
      payload: endpointOf(t),
    });
    expect(res.statusCode).toBe(202);
  }
  // A database and an app with every option: slow on a busy two-core runner.
}, 60_000);
afterAll(async () => {
  await apps.close();
  await new Promise((resolve) => idp.close(resolve));
});

/** Parameters that name one customer's row: the row-id channel tries another customer's under one's own. */
const ROW_PARAMS: Record<string, (customer: string) => string> = { ':uploadId': (customer) => `up-${customer}-2` };
/** Each customer's Model Runtime domain, with a job and a workflow run of it; any other name is a domain nobody has. */
/** A model each customer's domain above can run. */
const RUNNABLE: Record<string, string> = { acme: 'fatigue-v3', globex: 'runner-wear' };
const DOMAINS: Record<string, { domain: string; job: string; workflow: string }> = {
  acme: { domain: 'acme-wind', job: 'J-1001', workflow: 'W-2001' },
  globex: { domain: 'globex-hydro', job: 'J-3001', workflow: 'W-3101' },
};
/** A concrete address for a route pattern: the customer in the path, and row ids of `rowsOf`. */
function fill(url: string, customer: string, rowsOf = customer): string {
  let address = url
    .replace(':customerId', customer)
    .replace(':id', firstRelease)
    .replace(':moduleKey', 'lcc')
    .replace(':key', 'lcc')
    .replace(':version', '1.0.0')
    .replace(':artifact', 'users.csv')
    .replace(':name', 'pretoken')
    .replace(':username', `gina@${customer}.example`)
    .replace('*', 'swagger-ui.css');
  const mr = DOMAINS[customer] ?? { domain: `${customer}-domain`, job: 'J-1001', workflow: 'W-2001' };
  address = address.replace(':domain', mr.domain).replace(':jobId', url.includes('/workflows/') ? mr.workflow : mr.job);
  for (const [param, id] of Object.entries(ROW_PARAMS)) address = address.replace(param, id(rowsOf));
  // A parameter this does not know would be sent as written and tested nothing: name it here first.
  if (/\/:[A-Za-z]/.test(address)) throw new Error(`fill() does not know a parameter of ${url}`);
  return address;
}
const split = (route: string) => route.split(' ') as [InjectOptions['method'], string];

interface Ask {
  token?: string;
  customerHeader?: string;
  body?: unknown;
  headers?: Record<string, string>;
}
/** An answer, with what its request sent. */
type Answer = LightMyRequestResponse & { sent: string };
async function ask(method: InjectOptions['method'], url: string, { token, customerHeader, body, headers = {} }: Ask = {}): Promise<Answer> {
  const sent = `${decodeURIComponent(url)} ${customerHeader ?? ''} ${JSON.stringify(body) ?? ''}`;
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(customerHeader ? { 'x-customer-id': customerHeader } : {}),
      // A module bundle is the one body that is not JSON.
      ...(Buffer.isBuffer(body) ? { 'content-type': 'application/gzip' } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return Object.assign(res, { sent });
}
const leaks = (res: Answer, markers: string[]) => found(res.body, markers, res.sent);
const isProblem = (res: LightMyRequestResponse, status: number) =>
  res.statusCode === status && String(res.headers['content-type']).startsWith('application/problem+json');
const codeOf = (res: LightMyRequestResponse): unknown => {
  try {
    return (res.json() as { code?: unknown }).code;
  } catch {
    return undefined;
  }
};
const describeAnswer = (res: LightMyRequestResponse) => `${res.statusCode} ${res.headers['content-type']} ${res.body.slice(0, 120)}`;

describe('the route table', () => {
  const registered = () => app.routeTable.filter((r) => r.method !== 'HEAD' || !app.routeTable.some((g) => g.method === 'GET' && g.url === r.url));

  it('has a case here for every route the service registers, and none for a route it does not', () => {
    const keys = registered().map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('agrees with the service on which routes need sign-in', () => {
    const wrong = registered().filter((r) => r.signedIn !== !['public', 'signed-link'].includes(ROUTES[`${r.method} ${r.url}`]!));
    expect(wrong).toEqual([]);
  });
});

describe.each(DIRECTIONS)('customer-scoped routes, %s', (_direction, me, other) => {
  it.each(routesOf('customer-scoped'))("%s: the other customer's id in the path is 403 problem+json", async (route) => {
    const [method, url] = split(route);
    const failures: string[] = [];
    // Plain, percent-encoded and upper-case spellings; HEAD answers as GET does.
    const spellings = [other.id, `%${other.id.charCodeAt(0).toString(16)}${other.id.slice(1)}`, other.id.toUpperCase()];
    for (const verb of [method, 'HEAD'] as const) {
      for (const spelling of spellings) {
        const res = await ask(verb, fill(url, spelling), { token: me.token, customerHeader: other.id });
        if (!isProblem(res, 403) || leaks(res, markersOf(other)).length) failures.push(`${verb} ${spelling} → ${describeAnswer(res)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(routesOf('customer-scoped'))("%s: X-Customer-Id, query and body naming the other customer give the user's own rows only", async (route) => {
    const [method, url] = split(route);
    const own = fill(url, me.id);
    const channels: [string, string, Ask][] = [
      ['X-Customer-Id', own, { customerHeader: other.id }],
      ['X-Customer-Id upper-case', own, { customerHeader: other.id.toUpperCase() }],
      ["the other's site group in the query", `${own}?siteGroup=${other.siteGroup}`, {}],
      ['customerId in the query', `${own}?customerId=${other.id}`, { customerHeader: other.id }],
      ['customerId in a JSON body', own, { body: { customerId: other.id }, customerHeader: other.id }],
    ];
    const failures: string[] = [];
    for (const [channel, address, options] of channels) {
      const res = await ask(method, address, { token: me.token, ...options });
      const leaked = leaks(res, markersOf(other));
      // A query parameter the route does not know is refused (400), which shows nothing either.
      const refused = isProblem(res, 403) || (isProblem(res, 400) && /additional properties/.test(res.json().detail ?? ''));
      if (leaked.length || !(res.statusCode === 200 || refused)) failures.push(`${channel} → ${describeAnswer(res)} ${leaked.join(', ')}`);
    }
    // The check can see rows at all: without hints the user gets their own.
    const plain = await ask(method, own, { token: me.token });
    expect(plain.statusCode).toBe(200);
    expect(leaks(plain, markersOf(me)), 'own rows').not.toEqual([]);
    expect(failures).toEqual([]);
  });

  const withRowIds = routesOf('customer-scoped').filter((route) => Object.keys(ROW_PARAMS).some((param) => route.includes(param)));
  it.each(withRowIds)("%s: another customer's row id under the user's own customer is 404 problem+json", async (route) => {
    const [method, url] = split(route);
    const res = await ask(method, fill(url, me.id, other.id), { token: me.token });
    expect(isProblem(res, 404), describeAnswer(res)).toBe(true);
    expect(leaks(res, markersOf(other))).toEqual([]);
  });

  it.each(routesOf('customer-scoped'))('%s: staff asking about the customer see its rows (so the checks above can see a leak)', async (route) => {
    const [method, url] = split(route);
    const res = await ask(method, fill(url, other.id), { token: staff });
    expect(res.statusCode).toBe(200);
    expect(leaks(res, markersOf(other))).not.toEqual([]);
    expect(leaks(res, markersOf(me))).toEqual([]);
  });
});

// Model Runtime addresses name a domain, not a customer: another customer's must look exactly like one nobody has.
describe.each(DIRECTIONS)('domain-scoped routes, %s', (_direction, me, other) => {
  it.each(routesOf('domain-scoped'))("%s: the other customer's domain is answered as a domain nobody has, whatever else is sent", async (route) => {
    const [method, url] = split(route);
    const nobody = await ask(method, fill(url, 'nobody'), { token: me.token });
    expect(isProblem(nobody, 404), describeAnswer(nobody)).toBe(true);
    const { domain } = DOMAINS[other.id]!;
    const failures: string[] = [];
    for (const options of [{}, { customerHeader: other.id }, { body: { customerId: other.id } }] as Ask[]) {
      const res = await ask(method, fill(url, other.id), { token: me.token, ...options });
      const same = isProblem(res, 404) && res.json().detail === nobody.json().detail.replace('nobody-domain', domain);
      if (!same || leaks(res, markersOf(other)).length) failures.push(`${JSON.stringify(options)} → ${describeAnswer(res)}`);
    }
    expect(failures).toEqual([]);
  });

  it.each(routesOf('domain-scoped'))(
    '%s: the user opens their own domain, and staff the other customer’s (so the check above can see an answer)',
    async (route) => {
      const [method, url] = split(route);
      // A run queued: a name, and for a job something of that domain to run.
      const queue = (customer: string) =>
        method === 'POST' ? { body: { name: 'Walked', ...(url.endsWith('/jobs') ? { artifactId: RUNNABLE[customer] } : {}) } } : {};
      const ok = method === 'POST' ? 201 : 200;
      expect((await ask(method, fill(url, me.id), { token: me.token, ...queue(me.id) })).statusCode).toBe(ok);
      expect((await ask(method, fill(url, other.id), { token: staff, ...queue(other.id) })).statusCode).toBe(ok);
    },
  );
});

/** A user as an administrator sets them. */
const USER_FIELDS = (customer: string) => ({
  givenName: 'Gina',
  familyName: 'Tester',
  role: 'customer',
  customerId: customer,
  modules: ['lcc'],
  landingPageModuleKey: null,
  requireMFA: false,
  reason: 'joined',
});
/** A body each staff-only write accepts from staff; everyone else is refused before it is read. */
const STAFF_BODIES: Record<string, (customer: string) => unknown> = {
  'POST /api/v1/admin/preview': (customer) => ({ claims: { role: 'customer', customerId: customer, modules: ['lcc'] }, customerId: customer }),
  'PUT /api/v1/customers/:customerId/modules/:moduleKey': () => ({ enabled: true, reason: 'mine now' }),
  'POST /api/v1/customers': () => ({ id: `added-${++added}`, name: 'Added Staff Only', reason: 'mine now' }),
  'PATCH /api/v1/customers/:customerId': () => ({ name: 'Globex Energy', reason: 'the same again' }),
  'POST /api/v1/admin/releases': () => ({ files: releases.current().contents, reason: 'the same again' }),
  'PUT /api/v1/admin/modules/:key/bundles/:version': () => gzippedTar(bundleEntries()),
  'DELETE /api/v1/admin/modules/:key/bundles/:version': () => ({ reason: 'withdrawn in the walk' }),
  'PUT /api/v1/admin/releases/active': () => ({ release: firstRelease, reason: 'the same again' }),
  'PUT /api/v1/admin/releases/pilot': () => ({ release: pilotRelease, customers: ['globex'], reason: 'try it' }),
  'DELETE /api/v1/admin/releases/pilot': () => ({ release: pilotRelease, reason: 'enough' }),
  'POST /api/v1/admin/releases/pilot/promote': () => ({ release: pilotRelease, reason: 'for everyone' }),
  'POST /api/user-management/users': (customer) => ({ ...USER_FIELDS(customer), email: `new-${Math.random().toString(36).slice(2, 8)}@${customer}.example` }),
  'PUT /api/user-management/users/:username': USER_FIELDS,
  'POST /api/user-management/users/:username/disable': () => ({ reason: 'left' }),
  'POST /api/user-management/users/:username/enable': () => ({ reason: 'back' }),
  'POST /api/user-management/users/:username/reset-mfa': () => ({ reason: 'lost phone' }),
  'POST /api/user-management/users/:username/resend-invitation': () => ({ reason: 'lost the e-mail' }),
  'POST /api/v1/admin/publishers': () => ({
    issuer: 'https://ci.example',
    audience: 'platform',
    subject: `repo:globex/screens:${++added}`,
    modules: ['lcc'],
    reason: 'their CI',
  }),
  'DELETE /api/v1/admin/publishers/:id': () => ({ reason: 'archived' }),
  'POST /api/user-management/sync': () => ({ reason: 'deleted in the console' }),
};
/** Staff's answer where it is not 200. */
const STAFF_STATUS: Record<string, number> = {
  'POST /api/user-management/users': 201,
  'POST /api/user-management/sync': 202,
  'POST /api/v1/customers': 201,
  'PUT /api/v1/admin/modules/:key/bundles/:version': 201,
  'POST /api/v1/admin/publishers': 201,
  // The walk's id is a release's, which no publisher has: past the staff check, the route's own 404.
  'DELETE /api/v1/admin/publishers/:id': 404,
};
let added = 0;
const OPERATOR = { sub: 'op', email: 'op@provider.example' };
/** Release steps name the active release they were decided against (If-Match), as the web app sends it. */
const RELEASE_STEP = /^(PUT|DELETE|POST) \/api\/v1\/admin\/releases\/(active|pilot)/;
/** The state a release step needs before staff can take it: a pilot to end or promote. */
const STAFF_BEFORE: Record<string, () => Promise<unknown>> = {
  // A version to withdraw (the upload's own walk may have stored it already: then 200).
  'DELETE /api/v1/admin/modules/:key/bundles/:version': () =>
    ask('PUT', '/api/v1/admin/modules/lcc/bundles/1.0.0', { token: staff, body: gzippedTar(bundleEntries()) }),
  'DELETE /api/v1/admin/releases/pilot': () =>
    releases.startPilot({ release: pilotRelease, customers: ['globex'], expectedActive: firstRelease, reason: 'to end', actor: OPERATOR }),
  'POST /api/v1/admin/releases/pilot/promote': () =>
    releases.startPilot({ release: pilotRelease, customers: ['globex'], expectedActive: firstRelease, reason: 'to promote', actor: OPERATOR }),
};
/** Addresses whose query staff must fill in for an answer. */
const STAFF_QUERY: Record<string, string> = { 'GET /api/v1/admin/releases/:id/diff': `?against=` };
/** What staff see on the listing routes: another customer's rows, which no one else may. */
const STAFF_SEES: Record<string, string> = {
  'GET /api/v1/admin/messaging/endpoints': 'vic@globex.example',
  'GET /api/v1/customers': 'Globex Energy',
  'GET /api/v1/customers/:customerId': 'Globex Energy',
  'GET /api/v1/unadded-customers': 'hooli',
  'GET /api/v1/customers/:customerId/audit': AUDIT_REASON('globex'),
  'GET /api/main/users': 'gina@globex.example',
  'GET /api/model-runtime/domains': 'globex-hydro',
  'GET /api/user-management/users': 'gina@globex.example',
};

describe('staff-only routes', () => {
  it.each(NOT_STAFF)('answer %s 403 problem+json, whatever customer, header, query or body it sends', async (_who, token) => {
    const before = JSON.stringify(await modules.customersWithModules());
    const releasesBefore = releases.state();
    const auditBefore = (await releases.store.audit({ limit: 200 })).length;
    const userAudit = async () => (await ask('GET', '/api/user-management/audit?limit=200', { token: staff })).json().entries.length as number;
    const userAuditBefore = await userAudit();
    const usersBefore = (await ask('GET', '/api/user-management/users', { token: staff })).body;
    const failures: string[] = [];
    for (const route of routesOf('staff-only')) {
      const [method, url] = split(route);
      const body = STAFF_BODIES[route]?.('globex');
      const tries: [InjectOptions['method'], string, Ask][] = [
        [method, fill(url, 'globex'), { body, headers: { 'if-match': '"1"' } }],
        [method, fill(url, 'acme'), { body, customerHeader: 'acme' }],
        [method, `${fill(url, 'globex')}?customerId=globex`, { customerHeader: 'globex', body: body ?? { customerId: 'globex' } }],
        [method, fill(url, 'globex'), { body: '{not json', headers: { 'content-type': 'application/json' } }],
      ];
      if (method === 'GET') tries.push(['HEAD', fill(url, 'globex'), {}]);
      for (const [verb, address, options] of tries) {
        const res = await ask(verb, address, { token, ...options });
        const code = verb === 'HEAD' ? 'CFG_ERR_FORBIDDEN' : codeOf(res);
        if (!isProblem(res, 403) || code !== 'CFG_ERR_FORBIDDEN' || leaks(res, [...markersOf(ACME), ...markersOf(GLOBEX)]).length)
          failures.push(`${verb} ${address} → ${describeAnswer(res)}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing was written on the way.
    expect(JSON.stringify(await modules.customersWithModules())).toBe(before);
    expect(releases.state()).toEqual(releasesBefore);
    expect((await releases.store.audit({ limit: 200 })).length).toBe(auditBefore);
    expect(await userAudit()).toBe(userAuditBefore);
    expect((await ask('GET', '/api/user-management/users', { token: staff })).body).toBe(usersBefore);
  });

  it.each(routesOf('staff-only'))('%s answers staff (so the refusals above are about the caller)', async (route) => {
    const [method, url] = split(route);
    const address = `${fill(url, 'globex')}${STAFF_QUERY[route] === undefined ? '' : `${STAFF_QUERY[route]}${firstRelease}`}`;
    await STAFF_BEFORE[route]?.();
    // A write names the version it read, as the web app does.
    const read = RELEASE_STEP.test(route) ? '/api/v1/admin/releases' : address;
    const etag =
      method === 'PUT' || method === 'PATCH' || RELEASE_STEP.test(route) ? String((await ask('GET', read, { token: staff })).headers.etag) : undefined;
    const res = await ask(method, address, { token: staff, body: STAFF_BODIES[route]?.('globex'), headers: etag ? { 'if-match': etag } : {} });
    expect(res.statusCode, res.body).toBe(STAFF_STATUS[route] ?? 200);
    if (STAFF_SEES[route]) expect(res.body).toContain(STAFF_SEES[route]);
    if (route === 'PUT /api/v1/customers/:customerId/modules/:moduleKey') await flip('globex', 'lcc', 'put back');
    // Every test starts from the first release active and no pilot.
    const state = releases.state();
    if (state.pilot) await releases.endPilot({ release: state.pilot.release, expectedActive: state.active, reason: 'put back', actor: OPERATOR });
    if (state.active !== firstRelease) await releases.activate({ release: firstRelease, expectedActive: state.active, reason: 'put back', actor: OPERATOR });
  });
});

interface Stream {
  events: { event: string; data: { customerId?: string } }[];
  close(): void;
}
/** Opens the event stream as the browser does; inject would wait for an end that never comes. */
function openStream(token: string, path: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers: bearer(token, headers) }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`event stream answered ${response.statusCode}`));
      const events: Stream['events'] = [];
      let buffer = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        for (let end: number; (end = buffer.indexOf('\n\n')) >= 0; buffer = buffer.slice(end + 2)) {
          const block = buffer.slice(0, end);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') });
        }
      });
      resolve({ events, close: () => req.destroy() });
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
}

const manifestOf = async (token: string, url = '/api/v1/manifest', customerHeader?: string) => {
  const res = await ask('GET', url, { token, customerHeader });
  expect(res.statusCode).toBe(200);
  return { body: res.body, ...(res.json() as { customerId: string | null; modules: { key: string }[] }) };
};

/** One check per own-user route: the answer is about the caller, whichever customer the request names. */
const OWN_USER: Record<string, (me: Tenant, other: Tenant) => Promise<void>> = {
  async 'GET /api/v1/manifest'(me, other) {
    const own = await manifestOf(me.token);
    expect(own.customerId).toBe(me.id);
    // Globex has lcc switched off: whose switches apply shows whose customer the manifest is about.
    expect(own.modules.some((m) => m.key === 'lcc')).toBe(me.id === 'acme');
    for (const [url, header] of [
      ['/api/v1/manifest', other.id],
      [`/api/v1/manifest?customerId=${other.id}`, undefined],
      [`/api/v1/manifest?customerId=${other.id}`, other.id.toUpperCase()],
    ] as const) {
      const answer = await manifestOf(me.token, url, header);
      expect({ customerId: answer.customerId, modules: answer.modules, leaked: found(answer.body, markersOf(other)) }).toEqual({
        customerId: me.id,
        modules: own.modules,
        leaked: [],
      });
    }
    const staffView = await manifestOf(staff, '/api/v1/manifest', other.id);
    expect(staffView.customerId).toBe(other.id);
    expect(staffView.modules.some((m) => m.key === 'lcc')).toBe(other.id === 'acme');
  },

  async 'GET /api/v1/events'(me, other) {
    const mine = await openStream(me.token, `/api/v1/events?customerId=${other.id}`, { 'x-customer-id': other.id });
    const staffStream = await openStream(staff, '/api/v1/events', { 'x-customer-id': me.id });
    await expect.poll(() => mine.events, { timeout: 5_000 }).toEqual([{ event: 'ready', data: { customerId: me.id } }]);
    await flip(other.id, 'lb');
    await flip(me.id, 'lb');
    // Events arrive in order: once the user's own change is here, the other's would have been too.
    await expect.poll(() => mine.events.map((e) => e.data.customerId), { timeout: 5_000 }).toEqual([me.id, me.id]);
    await expect.poll(() => staffStream.events.map((e) => e.data.customerId), { timeout: 5_000 }).toEqual([me.id, other.id, me.id]);
    mine.close();
    staffStream.close();
  },

  async 'GET /api/v1/notifications/read'(me, other) {
    const mine = `n-${me.id}-read-by-${me.id}`;
    expect((await ask('PUT', '/api/v1/notifications/read', { token: me.token, body: { ids: [mine] } })).statusCode).toBe(204);
    // Whichever customer the other user's request names, their marks are their own.
    for (const [url, customerHeader] of [
      ['/api/v1/notifications/read', me.id],
      [`/api/v1/notifications/read?customerId=${me.id}&sub=${me.id}-user`, me.id],
    ] as const) {
      const res = await ask('GET', url, { token: other.token, customerHeader });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { ids: string[] }).ids).not.toContain(mine);
    }
    expect(((await ask('GET', '/api/v1/notifications/read', { token: staff, customerHeader: me.id })).json() as { ids: string[] }).ids).not.toContain(mine);
    expect(((await ask('GET', '/api/v1/notifications/read', { token: me.token })).json() as { ids: string[] }).ids).toContain(mine);
  },

  async 'PUT /api/v1/notifications/read'(me, other) {
    const marked = `n-${other.id}-marked-by-${me.id}`;
    // Naming the other user or customer anywhere marks only the caller's own.
    for (const [url, body] of [
      [`/api/v1/notifications/read?customerId=${other.id}&sub=${other.id}-user`, { ids: [marked] }],
      ['/api/v1/notifications/read', { ids: [marked], sub: `${other.id}-user` }],
    ] as const) {
      const res = await ask('PUT', url, { token: me.token, body, customerHeader: other.id });
      expect([204, 400]).toContain(res.statusCode);
    }
    const theirs = (await ask('GET', '/api/v1/notifications/read', { token: other.token })).json() as { ids: string[] };
    expect(theirs.ids).not.toContain(marked);
    const own = (await ask('GET', '/api/v1/notifications/read', { token: me.token })).json() as { ids: string[] };
    expect(own.ids).toContain(marked);
  },

  async 'POST /api/v1/telemetry/screens'(me, other) {
    // A compiled-in screen both customers are served: only screens a user is served are counted (decision 0096).
    const event = { moduleKey: 'hs', bundleVersion: null, kind: 'render-failed' };
    const reports = new ScreenReportStore(modules.store.db);
    /** Render failures of hs so far: the caller's customer's, and everyone else's. */
    const failed = async () => {
      const rows = await reports.groups({ modules: ['hs'], since: new Date(0), pilotCustomers: [me.id] });
      const sum = (mine: boolean) => rows.filter((r) => r.inPilot === mine && r.bundleVersion === '').reduce((n, r) => n + r.renderFailed, 0);
      return { me: sum(true), others: sum(false) };
    };
    const before = await failed();
    for (const [url, body] of [
      [`/api/v1/telemetry/screens?customerId=${other.id}`, { events: [event] }],
      ['/api/v1/telemetry/screens', { events: [event], customerId: other.id }],
      ['/api/v1/telemetry/screens', { events: [{ ...event, customerId: other.id }] }],
    ] as const) {
      const res = await ask('POST', url, { token: me.token, body, customerHeader: other.id });
      expect([202, 400]).toContain(res.statusCode);
    }
    // Counted as the caller's own customer's, whatever the request named: the pilot's figures stay the pilot's.
    await expect.poll(failed, { timeout: 10_000 }).toEqual({ me: before.me + 1, others: before.others });
  },

  async 'POST /api/v1/messaging/endpoints'(me, other) {
    const post = (body: object, url = '/api/v1/messaging/endpoints', customerHeader?: string) => ask('POST', url, { token: me.token, body, customerHeader });
    for (const res of [
      await post(endpointOf(me, other.id)),
      await post(endpointOf(me, other.id), '/api/v1/messaging/endpoints', other.id),
      await post(endpointOf(me, other.id), `/api/v1/messaging/endpoints?customerId=${other.id}`, other.id),
      await post(endpointOf(other)),
    ]) {
      expect(isProblem(res, 403), describeAnswer(res)).toBe(true);
    }
    // The header is ignored, not obeyed: the user's own company is accepted with it.
    expect((await post(endpointOf(me), '/api/v1/messaging/endpoints', other.id)).statusCode).toBe(202);
    const sink = (await ask('GET', '/api/v1/admin/messaging/endpoints', { token: staff })).json() as {
      endpoints: { sub: string; endpoint: ReturnType<typeof endpointOf> }[];
    };
    const companies = (sub: string) => [...new Set(sink.endpoints.filter((e) => e.sub === sub).map((e) => e.endpoint.attributes.companyId[0]))];
    expect({ mine: companies(`${me.id}-user`), theirs: companies(`${other.id}-user`) }).toEqual({ mine: [me.id], theirs: [other.id] });
  },
};

describe.each(DIRECTIONS)('own-user routes, %s', (_direction, me, other) => {
  it.each(routesOf('own-user'))('%s answers about the caller only', async (route) => {
    const check = OWN_USER[route];
    expect(check, `no own-user check written for ${route}`).toBeDefined();
    await check!(me, other);
  });
});

describe.each(DIRECTIONS)('the signed download link, %s', (_direction, me, other) => {
  it('is the only signed-link route, so a new one needs a case of its own here', () => {
    expect(routesOf('signed-link')).toEqual(['GET /api/main/artifacts/:customerId/:artifact']);
  });

  it("downloads the user's own customer's file only, whatever else the request names", async () => {
    const linkUrl = `/api/main/customers/${me.id}/users/download-artifact/users.csv`;
    const { url } = (await ask('GET', linkUrl, { token: me.token, customerHeader: other.id })).json() as { url: string };
    expect(url).toContain(`/artifacts/${me.id}/`);
    for (const [address, options] of [
      [url, {}],
      [`${url}&customerId=${other.id}`, { token: me.token, customerHeader: other.id }],
    ] as const) {
      const file = await ask('GET', address, options);
      expect(file.statusCode).toBe(200);
      expect({ own: leaks(file, me.rows).length > 0, leaked: leaks(file, other.rows) }).toEqual({ own: true, leaked: [] });
    }
    // The other customer under the user's own signature, and a signature made up for the other customer.
    for (const bent of [
      url.replace(`/${me.id}/`, `/${other.id}/`),
      url.replace(`/${me.id}/`, `/${other.id}/`).replace(/signature=[^&]+/, 'signature=forged'),
    ]) {
      const res = await ask('GET', bent, { token: me.token, customerHeader: other.id });
      expect(isProblem(res, 403), describeAnswer(res)).toBe(true);
    }
    // Staff's link for the other customer does download its rows: the check above can see them.
    const staffLink = (await ask('GET', `/api/main/customers/${other.id}/users/download-artifact/users.csv`, { token: staff })).json() as { url: string };
    expect(found((await ask('GET', staffLink.url)).body, other.rows)).not.toEqual([]);
  });
});

describe.each(DIRECTIONS)('public routes, %s', (_direction, me, other) => {
  it.each(routesOf('public'))('%s gives a signed-in customer nothing an anonymous caller does not get, and no customer rows', async (route) => {
    const [method, url] = split(route);
    const address = fill(url, other.id);
    const body = method === 'GET' ? undefined : { customerId: other.id };
    const anonymous = await ask(method, address, { body });
    const signedIn = await ask(method, `${address}${address.includes('?') ? '&' : '?'}customerId=${other.id}`, {
      token: me.token,
      customerHeader: other.id,
      body,
    });
    expect(signedIn.statusCode).toBe(anonymous.statusCode);
    expect([...leaks(anonymous, [...ACME.rows, ...GLOBEX.rows]), ...leaks(signedIn, [...ACME.rows, ...GLOBEX.rows])]).toEqual([]);
  });
});

describe('a user who is not staff and whose claim names no customer', () => {
  const noCustomer = tokenFor({ role: 'customer', modules: ['mr', 'hs', 'lcc', 'lb'], landingPageModuleKey: 'hs' });

  it('is served dash and no module, whatever customer the request names', async () => {
    for (const header of [undefined, 'globex', 'acme']) {
      const res = await ask('GET', '/api/v1/manifest', { token: noCustomer, customerHeader: header });
      expect(res.statusCode).toBe(200);
      const manifest = res.json() as { customerId: string | null; modules: unknown[]; landing: unknown; dash: { key: string } };
      expect({ customerId: manifest.customerId, modules: manifest.modules, landing: manifest.landing, dash: manifest.dash.key }).toEqual({
        customerId: null,
        modules: [],
        landing: null,
        dash: 'dash',
      });
    }
  });

  it("is previewed so to staff, with a customer chosen or not: no one's switches open every module", async () => {
    for (const chosen of [{}, { customerId: 'globex' }]) {
      const res = await ask('POST', '/api/v1/admin/preview', { token: staff, body: { claims: { role: 'customer', modules: ['mr', 'hs'] }, ...chosen } });
      expect(res.statusCode, res.body).toBe(200);
      const { view } = res.json() as { view: { manifest: { modules: unknown[] }; decisions: { rule: string; included: boolean }[] } };
      expect(view.manifest.modules).toEqual([]);
      expect(view.decisions.filter((d) => d.included)).toEqual([]);
    }
  });

  it('is refused every customer-scoped route and the event stream, for every customer', async () => {
    for (const route of routesOf('customer-scoped')) {
      const [method, url] = split(route);
      for (const customer of [ACME.id, GLOBEX.id]) {
        const res = await ask(method, fill(url, customer), { token: noCustomer, customerHeader: customer });
        expect(isProblem(res, 403), `${route} ${customer}: ${describeAnswer(res)}`).toBe(true);
      }
    }
    // No stream of "every customer" either: a stream is about a customer, and this user has none.
    const stream = await ask('GET', '/api/v1/events', { token: noCustomer, customerHeader: GLOBEX.id });
    expect(isProblem(stream, 403), describeAnswer(stream)).toBe(true);
  });
});
