import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminModuleList, AdminPreview, Problem } from '@platform/schemas';
import { ManifestFolder } from '../../manifests/manifestFolder.ts';
import {
  ROUTE_MANIFESTS,
  customersWithModulesOff,
  reloadFolder,
  sign,
  claims,
  startTestApps,
  tokenFor,
  type TestApps,
  staffToken,
} from '../../testing/testApp.ts';
import type { AppOptions } from '../../app.ts';
import { bearer, signedRequest } from '../../testing/signedRequest.ts';
import { tempFolders } from '../../testing/tempFolders.ts';

const tempFolder = tempFolders();

let apps: TestApps;
beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(() => apps.close());

const staff = staffToken();
const engineer = { role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' };

/** Releases that follow a copy of route-manifests/ the test may edit (files mode, as while developing). */
async function editableReleases() {
  const dir = tempFolder('admin-api-');
  cpSync(ROUTE_MANIFESTS, dir, { recursive: true });
  const folder = new ManifestFolder(dir);
  const { releases } = await apps.served(folder, 'files');
  const edit = (file: string, change: (doc: Record<string, unknown>) => void) => {
    const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(doc);
    writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
  };
  return { releases, edit, reload: () => reloadFolder(folder, releases) };
}

async function call(method: 'GET' | 'POST', url: string, token: string | undefined, body?: object, options: Partial<AppOptions> = {}) {
  const app = await apps.app(options);
  return signedRequest(app, token, { method, url, ...(body ? { payload: body } : {}) });
}
const preview = async (body: object, options: Partial<AppOptions> = {}) => {
  const res = await call('POST', '/api/v1/admin/preview', staff, body, options);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminPreview;
};
const decision = (answer: AdminPreview['view'], key: string) => answer.decisions.find((d) => d.key === key);

describe('admin API access', () => {
  it.each([
    ['a customer user', sign(claims())],
    ['a token without an auth claim', sign(claims({ 'custom:auth': undefined }))],
    ['staff of another role name', tokenFor({ role: 'Sentient' })],
  ])('answers %s 403 problem+json on every admin route', async (_who, token) => {
    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/modules'],
      ['POST', '/api/v1/admin/preview', { claims: { role: 'sentient' } }],
    ] as const) {
      const res = await call(method, url, token, body);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect((res.json() as Problem).code).toBe('CFG_ERR_FORBIDDEN');
    }
  });

  it('answers 403, not a validation error, to a non-staff request whatever its body', async () => {
    const app = await apps.app();
    for (const payload of ['{"bogus": 1}', '{not json', 'plain text']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/preview',
        headers: bearer(sign(claims()), { 'content-type': payload.startsWith('{') ? 'application/json' : 'text/plain' }),
        payload,
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toMatch(/claims/);
    }
  });

  it('answers a request without a token 401', async () => {
    expect((await call('GET', '/api/v1/admin/modules', undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/modules', () => {
  it('lists every registered module with its exposure spelled out', async () => {
    const { releases, edit, reload } = await editableReleases();
    edit('cs.json', (doc) => (doc.exposure = { roles: ['sentient'], environments: ['production'], enabledForNewCustomers: false }));
    await reload();
    const res = await call('GET', '/api/v1/admin/modules', staff, undefined, { releases });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminModuleList;
    expect(body.modules.map((m) => m.key)).toEqual(['mb', 'mr', 'lcc', 'hs', 'lx', 'lb', 'cs', 'cd', 'ai', 'rail', 'am', 'pi', 'ig', 'mp', 'td']);
    const lb = body.modules.find((m) => m.key === 'lb');
    expect(lb).toMatchObject({
      file: 'lb.json',
      exposure: { roles: null, environments: null, enabledForNewCustomers: true },
      servedInEnvironment: true,
      status: 'valid',
      problems: [],
    });
    expect(lb?.routeCount).toBeGreaterThan(0);
    const cs = body.modules.find((m) => m.key === 'cs');
    expect(cs).toMatchObject({ exposure: { roles: ['sentient'], environments: ['production'], enabledForNewCustomers: false }, servedInEnvironment: false });
    expect(body.environment).toBe('local');
    expect(body.manifests).toMatchObject({ version: releases.current().release, rejected: null });
    expect(body.manifests.history.map((h) => h.version)).toEqual([expect.any(String), releases.current().release]);
    expect(Date.parse(body.manifests.history[1]!.loadedAt)).toBeGreaterThan(Date.parse(body.manifests.history[0]!.loadedAt) - 1);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports a refused edit against its module while the last good set stays in service', async () => {
    const { releases, edit, reload } = await editableReleases();
    const served = releases.current().release;
    edit('lb.json', (doc) => ((doc.routes as { path: string }[])[0]!.path = 'Not a path!'));
    expect((await reload()).kind).toBe('rejected');
    const body = (await call('GET', '/api/v1/admin/modules', staff, undefined, { releases })).json() as AdminModuleList;
    expect(body.manifests.version).toBe(served);
    expect(body.manifests.rejected?.problems[0]).toMatchObject({ file: 'lb.json', pointer: '/routes/0/path', rule: 'schema:pattern' });
    expect(body.manifests.rejected?.problems[0]?.line).toBeGreaterThan(1);
    const lb = body.modules.find((m) => m.key === 'lb');
    expect(lb?.status).toBe('rejected');
    expect(lb?.problems[0]?.hint).toBeTruthy();
    expect(body.modules.find((m) => m.key === 'mr')?.status).toBe('valid');
  });
});

describe('POST /api/v1/admin/preview', () => {
  it('builds the same modules and landing a user with those claims is served', async () => {
    const answer = await preview({ claims: engineer });
    const served = (await call('GET', '/api/v1/manifest', tokenFor(engineer))).json();
    expect(answer.view.manifest.modules.map((m) => m.key)).toEqual(served.modules.map((m: { key: string }) => m.key));
    expect(answer.view.manifest.landing).toEqual(served.landing);
    expect(answer.view.customerId).toBe('acme');
    expect(answer.view.manifest.user.sub).toBe('preview');
    expect(answer.comparison).toBeNull();
  });

  it('says for every module whether it is in and which rule decided', async () => {
    const { releases, edit, reload } = await editableReleases();
    edit('cs.json', (doc) => (doc.exposure = { environments: ['production'] }));
    edit('cd.json', (doc) => (doc.exposure = { roles: ['sentient'] }));
    await reload();
    const answer = await preview(
      { claims: { ...engineer, modules: ['mr', 'hs', 'cs', 'cd', 'lb'] } },
      { releases, customerModules: apps.track(await customersWithModulesOff(releases, { acme: ['lb'] })) },
    );
    expect(answer.view.decisions).toHaveLength(15);
    expect(decision(answer.view, 'mr')).toMatchObject({ included: true, rule: 'claim', name: 'Model Runtime' });
    expect(decision(answer.view, 'ai')).toMatchObject({ included: false, rule: 'claim' });
    expect(decision(answer.view, 'cs')).toMatchObject({ included: false, rule: 'environment' });
    expect(decision(answer.view, 'cd')).toMatchObject({ included: false, rule: 'role' });
    expect(decision(answer.view, 'lb')).toMatchObject({ included: false, rule: 'customer' });
    expect(answer.view.manifest.modules.map((m) => m.key)).toEqual(['mr', 'hs']);
  });

  it('applies the customer switches of the customer staff act for, and refuses an unknown customer', async () => {
    const customerModules = apps.track(await customersWithModulesOff(apps.folder, { globex: ['mr'] }));
    const asGlobex = await preview({ claims: { role: 'sentient' }, customerId: 'globex' }, { customerModules });
    expect(asGlobex.view.customerId).toBe('globex');
    expect(decision(asGlobex.view, 'mr')).toMatchObject({ included: false, rule: 'customer' });
    const unknown = await call('POST', '/api/v1/admin/preview', staff, { claims: { role: 'sentient' }, customerId: 'initech' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'CFG_ERR_PREVIEW_CUSTOMER_UNKNOWN', detail: expect.stringMatching(/unknown customer 'initech'/) });
  });

  it('previews a token without an auth claim as one that gets nothing', async () => {
    const answer = await preview({ claims: null });
    expect(answer.view.manifest.modules).toEqual([]);
    expect(answer.view.manifest.landing).toBeNull();
    expect(answer.view.decisions.every((d) => !d.included && d.rule === 'claim')).toBe(true);
  });

  it('compares two claims sets: modules gained, landing and routes', async () => {
    const answer = await preview({
      claims: engineer,
      compareWith: { claims: { ...engineer, modules: ['mr', 'hs', 'lcc', 'lb'], landingPageModuleKey: 'lb' } },
    });
    const changes = answer.comparison?.changes;
    expect(changes?.modules).toEqual([
      expect.objectContaining({ key: 'lb', from: expect.objectContaining({ included: false }), to: expect.objectContaining({ included: true }) }),
    ]);
    expect(changes?.landing?.from).toBe('/asset-life');
    expect(changes?.landing?.to).toMatch(/^\/leaderboard/);
    // The gained module is one change, not one per page.
    expect(changes?.routesAdded).toEqual([]);
    expect(changes?.routesRemoved).toEqual([]);
  });

  it('compares two versions of the manifest set for the same claims', async () => {
    const { releases, edit, reload } = await editableReleases();
    const before = releases.current().release;
    edit('mr.json', (doc) => {
      doc.name = 'Maintenance';
      (doc.routes as { title?: string; children?: unknown }[]).find((r) => r.title && !r.children)!.title = 'Renamed screen';
    });
    await reload();
    const answer = await preview({ claims: engineer, compareWith: { version: before } }, { releases });
    expect(answer.view.version).toBe(releases.current().release);
    expect(answer.comparison?.view.version).toBe(before);
    const changes = answer.comparison!.changes;
    expect(changes.renamed).toEqual([{ key: 'mr', from: 'Maintenance', to: 'Model Runtime' }]);
    expect(changes.routesRetitled).toEqual([expect.objectContaining({ module: 'mr', from: 'Renamed screen' })]);
    expect(changes.modules).toEqual([]);
  });

  it('answers 404 for a version no longer kept and 400 for a malformed request', async () => {
    const gone = await call('POST', '/api/v1/admin/preview', staff, { claims: engineer, version: 'feedfacecafe' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'CFG_ERR_RELEASE_NOT_FOUND', detail: expect.stringMatching(/feedfacecafe/) });
    const bad = await call('POST', '/api/v1/admin/preview', staff, { claims: { modules: ['mr'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
