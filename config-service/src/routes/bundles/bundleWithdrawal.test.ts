import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { releaseEntityTag, type ModuleBundle, type ModuleBundleList, type Release, type ReleaseFiles } from '@platform/schemas';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { bundleEntries, gzippedTar } from '../../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { tempFolders } from '../../testing/tempFolders.ts';

const tempFolder = tempFolders();

const staff = staffToken();
const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'] });

let apps: TestApps;
let app: FastifyInstance;
/** The same store and releases, with a quota of two versions or 40 KB a module. */
let small: FastifyInstance;
let releases: ManifestReleases;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  const webRoot = tempFolder('bundle-withdrawal-web-');
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  app = await apps.app({ releases, customerModules: modules, webRoot });
  small = await apps.app({ releases, customerModules: modules, webRoot, bundleQuota: { versions: 2, bytes: 40 * 1024 } });
}, 60_000);
afterAll(() => apps.close());

const upload = (version: string, marker = version, on = app, module = 'lcc', extra: { path: string; content: string }[] = []) =>
  on.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/${module}/bundles/${version}`,
    headers: bearer(staff, { 'content-type': 'application/gzip' }),
    payload: gzippedTar([...bundleEntries(marker), ...extra]),
  });
const withdraw = (version: string, reason: string | null = 'broke the totals screen', token = staff, on = app, module = 'lcc') =>
  on.inject({
    method: 'DELETE',
    url: `/api/v1/admin/modules/${module}/bundles/${version}`,
    headers: bearer(token),
    payload: reason === null ? {} : { reason },
  });
const list = async (module = 'lcc', on = app) =>
  ((await on.inject({ url: `/api/v1/admin/modules/${module}/bundles`, headers: bearer(staff) })).json() as ModuleBundleList).bundles;

/** Publishes a release naming lcc's bundle `version` and makes it active. */
async function activateNaming(version: string): Promise<string> {
  const files = releases.current().contents as ReleaseFiles;
  const published = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/releases',
    headers: bearer(staff),
    payload: { files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } }, reason: `lcc ${version}` },
  });
  expect(published.statusCode, published.body).toBe(201);
  const release = (published.json() as Release).id;
  const activated = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/releases/active',
    headers: bearer(staff, { 'if-match': releaseEntityTag(releases.current().release) }),
    payload: { release, reason: 'go' },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return release;
}

describe('DELETE /api/v1/admin/modules/{key}/bundles/{version}', () => {
  it('withdraws a version: its files answer 404 (not kept by a cache), the listing says who, when and why', async () => {
    expect((await upload('1.0.0')).statusCode).toBe(201);
    // Served once, so this replica keeps it in memory.
    expect((await app.inject({ url: '/modules/lcc/1.0.0/index.js' })).statusCode).toBe(200);
    const res = await withdraw('1.0.0');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ModuleBundle;
    expect(body.withdrawn).toMatchObject({ by: { sub: 'user-1', email: 'erin@acme.example' }, reason: 'broke the totals screen' });
    expect(Date.parse(body.withdrawn!.at)).not.toBeNaN();
    for (const path of ['index.js', 'chunks/label.js']) {
      const gone = await app.inject({ url: `/modules/lcc/1.0.0/${path}`, headers: { 'accept-encoding': 'br' } });
      expect(gone.statusCode, path).toBe(404);
      expect(gone.headers['cache-control']).toBe('no-store');
    }
    const listed = (await list()).find((b) => b.version === '1.0.0');
    expect(listed?.withdrawn).toEqual(body.withdrawn);
    // The files it held are still listed, with their digests: what was withdrawn can be told.
    expect(listed?.files.map((f) => f.path)).toEqual(['bundle.json', 'chunks/label.js', 'index.js']);
    // Again: the first withdrawal's who and why stay.
    const again = await withdraw('1.0.0', 'second thoughts');
    expect(again.statusCode).toBe(200);
    expect((again.json() as ModuleBundle).withdrawn?.reason).toBe('broke the totals screen');
  });

  it('never takes a withdrawn version again, the same files or others (409), and no release may name it (422)', async () => {
    for (const marker of ['1.0.0', 'other files']) {
      const res = await upload('1.0.0', marker);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_WITHDRAWN', current: { version: '1.0.0', withdrawn: { reason: 'broke the totals screen' } } });
    }
    expect((await app.inject({ url: '/modules/lcc/1.0.0/index.js' })).statusCode).toBe(404);
    const files = releases.current().contents as ReleaseFiles;
    const named = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/releases',
      headers: bearer(staff),
      payload: { files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version: '1.0.0' } } }, reason: 'bring it back' },
    });
    expect(named.statusCode).toBe(422);
    expect(named.body).toContain('was withdrawn');
  });

  it('refuses a version the active release names (409), changing nothing', async () => {
    expect((await upload('2.0.0')).statusCode).toBe(201);
    const release = await activateNaming('2.0.0');
    const res = await withdraw('2.0.0');
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_IN_SERVICE', releases: [release] });
    expect((await app.inject({ url: '/modules/lcc/2.0.0/index.js' })).statusCode).toBe(200);
    expect((await list()).find((b) => b.version === '2.0.0')?.withdrawn).toBeUndefined();
  });

  it('is for staff only (403), wants a reason (400), and answers a version never uploaded with 404', async () => {
    expect((await upload('3.0.0')).statusCode).toBe(201);
    const other = await withdraw('3.0.0', 'mine', customer);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'CFG_ERR_FORBIDDEN' });
    expect((await withdraw('3.0.0', null)).statusCode).toBe(400);
    expect((await withdraw('3.0.0', '   ')).statusCode).toBe(400);
    const unknown = await withdraw('9.9.9');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_NOT_FOUND' });
    expect((await app.inject({ url: '/modules/lcc/3.0.0/index.js' })).statusCode).toBe(200);
  });
});

describe("a module's bundle quota", () => {
  it('refuses a version past the number a module may keep (409, saying which limit and how to free space); a withdrawal frees a place', async () => {
    expect((await upload('1.0.0', 'a', small, 'hs')).statusCode).toBe(201);
    expect((await upload('1.0.1', 'b', small, 'hs')).statusCode).toBe(201);
    const over = await upload('1.0.2', 'c', small, 'hs');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_QUOTA', limit: 'versions', quota: { versions: 2 }, used: { versions: 2 } });
    expect(over.json().detail).toContain('BUNDLE_QUOTA_VERSIONS');
    expect(over.json().detail).toContain('DELETE /api/v1/admin/modules/hs/bundles/');
    expect((await small.inject({ url: '/modules/hs/1.0.2/index.js' })).statusCode).toBe(404);
    // The same files again at a version kept are not a new version.
    expect((await upload('1.0.1', 'b', small, 'hs')).statusCode).toBe(200);
    expect((await withdraw('1.0.0', 'make room', staff, small, 'hs')).statusCode).toBe(200);
    expect((await upload('1.0.2', 'c', small, 'hs')).statusCode).toBe(201);
  });

  it('refuses a version whose files would pass the bytes a module may keep, counting the versions not withdrawn', async () => {
    const filler = (n: number) => [{ path: 'chunks/data.json', content: JSON.stringify('x'.repeat(n)) }];
    expect((await upload('1.0.0', 'a', small, 'mr', filler(25 * 1024))).statusCode).toBe(201);
    const over = await upload('1.0.1', 'b', small, 'mr', filler(20 * 1024));
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_QUOTA', limit: 'bytes', quota: { bytes: 40 * 1024 } });
    expect(over.json().detail).toContain('BUNDLE_QUOTA_MEGABYTES');
    expect((await withdraw('1.0.0', 'make room', staff, small, 'mr')).statusCode).toBe(200);
    expect((await upload('1.0.1', 'b', small, 'mr', filler(20 * 1024))).statusCode).toBe(201);
  });
});
