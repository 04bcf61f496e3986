import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Release, ReleaseFiles, UserManifest } from '@platform/schemas';
import { ManifestFolder } from '../../manifests/manifestFolder.ts';
import { manifestSetFromFiles } from '../../manifests/loadManifestSet.ts';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { bundleEntries, gzippedTar } from '../../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, ROUTE_MANIFESTS, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

const staff = staffToken();
const acmeEngineer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });
const globexEngineer = tokenFor({ role: 'customer', customerId: 'globex', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;
let files: ReleaseFiles;

beforeAll(async () => {
  apps = await startTestApps();
}, 60_000);
afterAll(() => apps.close());

beforeEach(async () => {
  const folder = new ManifestFolder(ROUTE_MANIFESTS);
  const modules = apps.track(await demoCustomerModules(folder));
  releases = await releasesOn(modules, folder);
  app = await apps.app({ releases, customerModules: modules });
  files = releases.current().contents as ReleaseFiles;
});

const ask = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: bearer(staff, { ...headers }), ...(body ? { payload: body } : {}) });
const upload = (version: string, entries = bundleEntries(version)) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/lcc/bundles/${version}`,
    headers: bearer(staff, { 'content-type': 'application/gzip' }),
    payload: gzippedTar(entries),
  });
/** The release files with lcc naming `version`. */
const naming = (version: string): ReleaseFiles => ({ ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } });
const publish = (version: string) => ask('POST', '/api/v1/admin/releases', { files: naming(version), reason: `lcc screens ${version}` });
const active = () => `"${releases.current().release}"`;
async function lccOf(token: string, customer?: string) {
  const res = await app.inject({ url: '/api/v1/manifest', headers: bearer(token, customer ? { 'x-customer-id': customer } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as UserManifest).modules.find((m) => m.key === 'lcc');
}
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('a release naming a bundle', () => {
  it("is refused (422) when that version was never uploaded, the problem pointing at the file's /bundle", async () => {
    const res = await publish('1.4.2');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'CFG_ERR_MANIFEST_INVALID',
      problems: [{ file: 'lcc.json', pointer: '/bundle', rule: 'bundle-unknown', line: expect.any(Number), hint: expect.stringContaining('upload') }],
    });
    expect((await ask('GET', '/api/v1/admin/releases')).json().releases).toHaveLength(1);
  });

  it("is refused (422) when the bundle was built for a module SDK the shell's does not satisfy", async () => {
    expect((await upload('2.0.0', bundleEntries('future', '^2.0.0'))).statusCode).toBe(201);
    const res = await publish('2.0.0');
    expect(res.statusCode).toBe(422);
    expect(res.json().problems).toEqual([
      expect.objectContaining({ file: 'lcc.json', pointer: '/bundle', rule: 'bundle-sdk', message: expect.stringContaining('^2.0.0') }),
    ]);
  });

  it('refuses to pilot or activate a stored release whose bundle is not there, changing nothing', async () => {
    // Stored past the route's check, as a release published before the bundle's rules were would be.
    const { release } = await releases.publish(manifestSetFromFiles(naming('9.9.9')), 'old', { sub: 'op', email: '' });
    const before = releases.state();
    const pilot = await ask('PUT', '/api/v1/admin/releases/pilot', { release: release.id, customers: ['acme'], reason: 'try' }, { 'if-match': active() });
    expect(pilot.statusCode).toBe(422);
    expect(pilot.json().problems[0]).toMatchObject({ rule: 'bundle-unknown', pointer: '/bundle' });
    const activate = await ask('PUT', '/api/v1/admin/releases/active', { release: release.id, reason: 'go' }, { 'if-match': active() });
    expect(activate.statusCode).toBe(422);
    expect(releases.state()).toEqual(before);
  });

  it("gives the module's users the bundle's entry and index.js digest once active", async () => {
    expect(await lccOf(acmeEngineer)).not.toHaveProperty('bundle');
    await upload('1.4.2');
    const published = await publish('1.4.2');
    expect(published.statusCode, published.body).toBe(201);
    const before = releases.current().release;
    const diff = await app.inject({
      url: `/api/v1/admin/releases/${(published.json() as Release).id}/diff?against=${before}`,
      headers: bearer(staff),
    });
    expect(diff.json().bundles).toEqual([{ key: 'lcc', name: 'Life Cycle Cost', from: null, to: '1.4.2' }]);
    const step = await ask('PUT', '/api/v1/admin/releases/active', { release: (published.json() as Release).id, reason: 'go' }, { 'if-match': active() });
    expect(step.statusCode, step.body).toBe(200);
    const index = bundleEntries('1.4.2').find((e) => e.path === 'index.js')!.content as string;
    expect((await lccOf(acmeEngineer))?.bundle).toEqual({ version: '1.4.2', entry: '/modules/lcc/1.4.2/index.js', integrity: sha384(index) });
    expect((await lccOf(globexEngineer))?.bundle?.version).toBe('1.4.2');
  });

  it("moves a pilot's customer (and staff acting for it) to the bundle, and back when the pilot ends", async () => {
    await upload('1.5.0');
    const release = ((await publish('1.5.0')).json() as Release).id;
    const start = await ask('PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'try' }, { 'if-match': active() });
    expect(start.statusCode, start.body).toBe(200);
    expect((await lccOf(acmeEngineer))?.bundle?.version).toBe('1.5.0');
    expect((await lccOf(staff, 'acme'))?.bundle?.version).toBe('1.5.0');
    expect(await lccOf(globexEngineer)).not.toHaveProperty('bundle');
    expect(await lccOf(staff, 'globex')).not.toHaveProperty('bundle');
    const end = await ask('DELETE', '/api/v1/admin/releases/pilot', { release, reason: 'enough' }, { 'if-match': active() });
    expect(end.statusCode, end.body).toBe(200);
    expect(await lccOf(acmeEngineer)).not.toHaveProperty('bundle');
  });
});
