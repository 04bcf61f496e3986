// @module-tag hardening/tenants-and-roles
// What a publish token, and staff restricted to some modules, may do through the API (issue 38, decision 0086).
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseEntityTag, type Publisher, type PublishToken, type Release, type ReleaseAuditPage, type ReleaseFiles } from '@platform/schemas';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { startOidcIssuer, type OidcIssuer } from '../testing/oidcIssuer.ts';
import { staffToken, startTestApps, tokenFor, type Served, type TestApps } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

const staff = staffToken();
/** A staff member whose claim lists lcc: they may publish lcc, and administer nothing. */
const lccOwner = tokenFor({ role: 'sentient', modules: ['lcc'] });
const SUBJECT = 'repo:acme/lcc-screens:environment:production';

let apps: TestApps;
let app: FastifyInstance;
let served: Served;
let ci: OidcIssuer;
let publisher: Publisher;
let token: string;
let versions = 0;

beforeAll(async () => {
  apps = await startTestApps();
  served = await apps.served(apps.folder);
  app = await apps.app({ releases: served.releases, customerModules: served.customerModules });
  ci = await startOidcIssuer({ subject: SUBJECT });
  const registered = await ask(staff, 'POST', '/api/v1/admin/publishers', {
    issuer: ci.issuer,
    audience: 'asset-platform',
    subject: SUBJECT,
    modules: ['lcc'],
    reason: 'lcc team CI',
  });
  publisher = registered.json<Publisher>();
}, 60_000);
beforeEach(async () => {
  token = (await app.inject({ method: 'POST', url: '/api/v1/publish-tokens', headers: bearer(ci.token()) })).json<PublishToken>().token;
  // Every test starts with no pilot.
  const state = served.releases.state();
  if (state.pilot)
    await served.releases.endPilot({ release: state.pilot.release, expectedActive: state.active, reason: 'reset', actor: { sub: 'op', email: 'op@test' } });
});
afterAll(async () => {
  await apps.close();
  await ci.close();
});

function ask(as: string, method: InjectOptions['method'], url: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method, url, headers: bearer(as, headers), ...(body === undefined ? {} : { payload: body as object }) });
}
const upload = (as: string, module: string, version = `1.0.${++versions}`) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/${module}/bundles/${version}`,
    headers: bearer(as, { 'content-type': 'application/gzip' }),
    payload: gzippedTar(bundleEntries(version)),
  });
const active = () => served.releases.current();
const ifMatch = () => ({ 'if-match': releaseEntityTag(active().release) });
/** The active release's files with `changes` made to a module's manifest. */
const changed = (module: string, changes: object): ReleaseFiles => {
  const files = active().contents as ReleaseFiles;
  const name = Object.keys(files).find((file) => (files[file] as { key?: string }).key === module)!;
  return { ...files, [name]: { ...(files[name] as object), ...changes } };
};
/** Uploads lcc `version` as `as`, and publishes the active release naming it. */
async function lccRelease(as: string): Promise<string> {
  const version = `2.0.${++versions}`;
  expect((await upload(as, 'lcc', version)).statusCode).toBe(201);
  const res = await ask(as, 'POST', '/api/v1/admin/releases', { files: changed('lcc', { bundle: { version } }), reason: `lcc ${version}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Release>().id;
}
const refusedAsPublishingOnly = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHING_ONLY' });
};

describe('a publish token', () => {
  it("uploads its module's bundle, and the upload names the publisher", async () => {
    const res = await upload(token, 'lcc');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().uploadedBy).toEqual({ sub: `publisher:${publisher.id}`, email: SUBJECT });
  });

  it("is refused another module's bundle, before the upload is read", async () => {
    refusedAsPublishingOnly(await upload(token, 'hs'));
    expect((await ask(staff, 'GET', '/api/v1/admin/modules/hs/bundles')).json().bundles).toEqual([]);
  });

  it('publishes, pilots and promotes a release changing only its bundle, and the audit names the publisher at each step', async () => {
    const release = await lccRelease(token);
    const pilot = await ask(token, 'PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'try it' }, ifMatch());
    expect(pilot.statusCode, pilot.body).toBe(200);
    const promote = await ask(token, 'POST', '/api/v1/admin/releases/pilot/promote', { release, reason: 'for everyone' }, ifMatch());
    expect(promote.statusCode, promote.body).toBe(200);
    expect(active().release).toBe(release);
    const audit = (await ask(staff, 'GET', '/api/v1/admin/releases/audit')).json<ReleaseAuditPage>().entries.filter((e) => e.release === release);
    expect(audit.map((e) => [e.action, e.actor])).toEqual(
      ['pilot-promote', 'pilot-start', 'publish'].map((action) => [action, { sub: `publisher:${publisher.id}`, email: SUBJECT }]),
    );
  });

  it('ends the pilot of such a release, and activates one', async () => {
    const release = await lccRelease(token);
    expect((await ask(token, 'PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'try' }, ifMatch())).statusCode).toBe(200);
    expect((await ask(token, 'DELETE', '/api/v1/admin/releases/pilot', { release, reason: 'enough' }, ifMatch())).statusCode).toBe(200);
    expect((await ask(token, 'PUT', '/api/v1/admin/releases/active', { release, reason: 'go' }, ifMatch())).statusCode).toBe(200);
    expect(active().release).toBe(release);
  });

  it("is refused a release changing more than its module's bundle: its module's manifest, another's bundle or manifest", async () => {
    for (const files of [
      changed('lcc', { name: 'Life Cycle Costs' }),
      changed('hs', { bundle: { version: '1.0.0' } }),
      changed('hs', { breadcrumbs: false }),
    ]) {
      refusedAsPublishingOnly(await ask(token, 'POST', '/api/v1/admin/releases', { files, reason: 'sneak' }));
    }
  });

  it('is refused to pilot, promote, activate or end the pilot of a release staff published changing more', async () => {
    const version = `3.0.${++versions}`;
    await upload(staff, 'lcc', version);
    const res = await ask(staff, 'POST', '/api/v1/admin/releases', {
      files: changed('lcc', { bundle: { version }, name: 'Life Cycle Costs' }),
      reason: 'staff change',
    });
    const release = res.json<Release>().id;
    refusedAsPublishingOnly(await ask(token, 'PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'x' }, ifMatch()));
    refusedAsPublishingOnly(await ask(token, 'PUT', '/api/v1/admin/releases/active', { release, reason: 'x' }, ifMatch()));
    expect((await ask(staff, 'PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'x' }, ifMatch())).statusCode).toBe(200);
    refusedAsPublishingOnly(await ask(token, 'POST', '/api/v1/admin/releases/pilot/promote', { release, reason: 'x' }, ifMatch()));
    refusedAsPublishingOnly(await ask(token, 'DELETE', '/api/v1/admin/releases/pilot', { release, reason: 'x' }, ifMatch()));
    expect(served.releases.state().pilot?.release).toBe(release);
  });

  it.each([
    ['GET', '/api/v1/manifest'],
    ['GET', '/api/v1/customers'],
    ['PUT', '/api/v1/customers/acme/modules/lcc', { enabled: false, reason: 'x' }],
    ['GET', '/api/v1/admin/modules'],
    ['GET', '/api/v1/admin/publishers'],
    ['POST', '/api/v1/admin/publishers', { issuer: 'https://ci.example', audience: 'a', subject: 's', modules: ['hs'], reason: 'x' }],
    ['DELETE', '/api/v1/admin/modules/lcc/bundles/1.0.1', { reason: 'x' }],
    ['POST', '/api/v1/admin/preview', { claims: { role: 'customer', customerId: 'acme' } }],
    ['GET', '/api/v1/admin/releases/x/diff?against=y'],
    ['GET', '/api/v1/admin/releases/audit'],
  ] as const)('is refused %s %s with 403', async (method, url, body?: object) => {
    refusedAsPublishingOnly(await ask(token, method, url, body));
  });

  it("reads how its module's bundle versions fare, and no other module's", async () => {
    const own = await ask(token, 'GET', '/api/v1/admin/modules/lcc/health');
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ moduleKey: 'lcc' });
    refusedAsPublishingOnly(await ask(token, 'GET', '/api/v1/admin/modules/hs/health'));
    refusedAsPublishingOnly(await ask(token, 'GET', '/api/v1/admin/releases/pilot/health'));
  });

  it('is refused (401) once its publisher is revoked, or once it expired', async () => {
    const expired = await served.publishers.issueToken(publisher, 60_000, Date.now() - 120_000);
    expect((await upload(expired.token, 'lcc')).statusCode).toBe(401);
    expect((await upload('pt_made-up', 'lcc')).statusCode).toBe(401);
    const other = (
      await ask(staff, 'POST', '/api/v1/admin/publishers', {
        issuer: ci.issuer,
        audience: 'asset-platform',
        subject: 'repo:acme/x',
        modules: ['lcc'],
        reason: 'x',
      })
    ).json<Publisher>();
    const held = await served.publishers.issueToken(other, 60_000);
    expect((await upload(held.token, 'lcc')).statusCode).toBe(201);
    await ask(staff, 'DELETE', `/api/v1/admin/publishers/${other.id}`, { reason: 'leaked' });
    const res = await upload(held.token, 'lcc');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_UNAUTHENTICATED' });
  });
});

describe('a staff member whose claim lists modules', () => {
  it('uploads and publishes their modules only', async () => {
    expect((await upload(lccOwner, 'lcc')).statusCode).toBe(201);
    refusedAsPublishingOnly(await upload(lccOwner, 'hs'));
    await lccRelease(lccOwner);
    refusedAsPublishingOnly(await ask(lccOwner, 'POST', '/api/v1/admin/releases', { files: changed('lcc', { name: 'x' }), reason: 'x' }));
  });

  it.each([
    ['GET', '/api/v1/customers'],
    ['PUT', '/api/v1/customers/acme/modules/lcc', { enabled: false, reason: 'x' }],
    ['GET', '/api/v1/admin/publishers'],
    ['GET', '/api/v1/admin/modules'],
  ] as const)('is refused %s %s, which unrestricted staff may', async (method, url, body?: object) => {
    refusedAsPublishingOnly(await ask(lccOwner, method, url, body));
    expect((await ask(staff, 'GET', url.startsWith('/api/v1/customers/') ? '/api/v1/customers/acme/modules/lcc' : url)).statusCode).toBe(200);
  });
});
