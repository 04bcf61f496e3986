import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ModuleBundle, ModuleBundleList, Problem } from '@platform/schemas';
import { bundleEntries, gzippedTar } from '../../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

const staff = staffToken();
const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'] });

let apps: TestApps;
let app: FastifyInstance;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  const webRoot = mkdtempSync(join(tmpdir(), 'bundles-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><html><head><title>app</title></head><body></body></html>');
  app = await apps.app({ releases, customerModules: modules, webRoot });
}, 60_000);
afterAll(() => apps.close());

const upload = (url: string, body: Buffer, token = staff, type = 'application/gzip') =>
  app.inject({ method: 'PUT', url, headers: bearer(token, { 'content-type': type }), payload: body });
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

describe('PUT /api/v1/admin/modules/{key}/bundles/{version}', () => {
  it('stores a bundle (201) with its entry, files and digests, and who uploaded it', async () => {
    const res = await upload('/api/v1/admin/modules/lcc/bundles/1.4.2', gzippedTar(bundleEntries('first')));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe('/api/v1/admin/modules/lcc/bundles/1.4.2');
    const body = res.json() as ModuleBundle;
    const index = bundleEntries('first').find((e) => e.path === 'index.js')!.content as string;
    expect(body).toMatchObject({
      module: 'lcc',
      version: '1.4.2',
      entry: '/modules/lcc/1.4.2/index.js',
      sdk: '^1.0.0',
      uploadedBy: { sub: 'user-1', email: 'erin@acme.example' },
    });
    expect(body.files.map((f) => f.path)).toEqual(['bundle.json', 'chunks/label.js', 'index.js']);
    expect(body.files.find((f) => f.path === 'index.js')).toEqual({ path: 'index.js', bytes: Buffer.byteLength(index), integrity: sha384(index) });
    expect(Date.parse(body.uploadedAt)).not.toBeNaN();
  });

  it('answers the same files again with 200, and other files at that version with 409, changing nothing', async () => {
    await upload('/api/v1/admin/modules/lcc/bundles/2.0.0', gzippedTar(bundleEntries('two')));
    const again = await upload('/api/v1/admin/modules/lcc/bundles/2.0.0', gzippedTar([...bundleEntries('two')].reverse()));
    expect(again.statusCode).toBe(200);
    const other = await upload('/api/v1/admin/modules/lcc/bundles/2.0.0', gzippedTar(bundleEntries('changed')));
    expect(other.statusCode).toBe(409);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_EXISTS', current: { version: '2.0.0' } });
    const served = await app.inject({ url: '/modules/lcc/2.0.0/index.js' });
    expect(served.body).toContain('"two"');
  });

  it('lets only staff upload (403 for others, before the body is read) and wants a token (401)', async () => {
    const res = await upload('/api/v1/admin/modules/lcc/bundles/3.0.0', gzippedTar(bundleEntries()), customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_FORBIDDEN' });
    const anonymous = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/modules/lcc/bundles/3.0.0',
      headers: { 'content-type': 'application/gzip' },
      payload: gzippedTar(bundleEntries()),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await app.inject({ url: '/modules/lcc/3.0.0/index.js' })).statusCode).toBe(404);
  });

  it('answers a module no release in service registers with 404, and a version that is no semver with 400', async () => {
    const unknown = await upload('/api/v1/admin/modules/nosuch/bundles/1.0.0', gzippedTar(bundleEntries()));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'CFG_ERR_NOT_FOUND' });
    const badVersion = await upload('/api/v1/admin/modules/lcc/bundles/latest', gzippedTar(bundleEntries()));
    expect(badVersion.statusCode).toBe(400);
  });

  it.each([
    ['no index.js', bundleEntries().filter((e) => e.path !== 'index.js'), 'index.js'],
    ['a path leaving the folder', [...bundleEntries(), { path: '../escape.js', content: 'x' }], '../escape.js'],
    ['a link', [...bundleEntries(), { path: 'link.js', type: 'SymbolicLink' as const, linkpath: '/etc/passwd' }], 'link.js'],
  ])('refuses %s with 422 problem naming the file, storing nothing', async (_what, entries, file) => {
    const res = await upload('/api/v1/admin/modules/lcc/bundles/4.0.0', gzippedTar(entries));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_INVALID', file });
    expect((await app.inject({ url: '/modules/lcc/4.0.0/index.js' })).statusCode).toBe(404);
  });

  it('refuses what is not a gzipped tar (422), another type (415) and an upload over 10 MB (413)', async () => {
    const notGzip = await upload('/api/v1/admin/modules/lcc/bundles/5.0.0', Buffer.from('plain text, not gzip'));
    expect(notGzip.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_INVALID', file: 'the upload' });
    const json = await upload('/api/v1/admin/modules/lcc/bundles/5.0.0', Buffer.from('{"files":[]}'), staff, 'application/json');
    expect(json.statusCode).toBe(415);
    const octets = await upload('/api/v1/admin/modules/lcc/bundles/5.0.0', gzippedTar(bundleEntries()), staff, 'application/octet-stream');
    expect(octets.statusCode).toBe(415);
    const huge = await upload('/api/v1/admin/modules/lcc/bundles/5.0.0', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: 'CFG_ERR_PAYLOAD_TOO_LARGE' });
  });
});

describe('GET /api/v1/admin/modules/{key}/bundles', () => {
  it('lists the versions uploaded, to staff only', async () => {
    await upload('/api/v1/admin/modules/hs/bundles/0.1.0', gzippedTar(bundleEntries('hs')));
    const res = await app.inject({ url: '/api/v1/admin/modules/hs/bundles', headers: bearer(staff) });
    expect(res.statusCode).toBe(200);
    const list = res.json() as ModuleBundleList;
    expect(list.module).toBe('hs');
    expect(list.bundles.map((b) => [b.version, b.entry])).toEqual([['0.1.0', '/modules/hs/0.1.0/index.js']]);
    const other = await app.inject({ url: '/api/v1/admin/modules/hs/bundles', headers: bearer(customer) });
    expect(other.statusCode).toBe(403);
    const none = await app.inject({ url: '/api/v1/admin/modules/mr/bundles', headers: bearer(staff) });
    expect((none.json() as ModuleBundleList).bundles).toEqual([]);
  });
});

describe('GET /modules/{key}/{version}/{path}', () => {
  beforeAll(async () => {
    await upload(
      '/api/v1/admin/modules/lcc/bundles/6.0.0',
      gzippedTar([...bundleEntries('served'), { path: 'styles/app.css', content: 'body{}' }, { path: 'fonts/a.woff2', content: Buffer.from([1, 2, 3]) }]),
    );
  });

  it('serves each file to anyone with its type, an immutable year of caching and its digest as ETag', async () => {
    const res = await app.inject({ url: '/modules/lcc/6.0.0/index.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${sha384(res.body)}"`);
    expect(res.body).toContain('"served"');
    expect((await app.inject({ url: '/modules/lcc/6.0.0/styles/app.css' })).headers['content-type']).toBe('text/css; charset=utf-8');
    const font = await app.inject({ url: '/modules/lcc/6.0.0/fonts/a.woff2' });
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.equals(Buffer.from([1, 2, 3]))).toBe(true);
  });

  it('serves an image opened as a page of its own sandboxed, running nothing on this origin', async () => {
    await upload(
      '/api/v1/admin/modules/lcc/bundles/6.0.1',
      gzippedTar([...bundleEntries('svg'), { path: 'logo.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"><script href="../6.0.0/index.js"/></svg>' }]),
    );
    const svg = await app.inject({ url: '/modules/lcc/6.0.1/logo.svg' });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const policy = String(svg.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim());
    expect(policy).toContain('sandbox');
    expect(policy).toContain("default-src 'none'");
    expect(policy.some((d) => d.startsWith('script-src'))).toBe(false);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a browser that has the file with 304, and HEAD without a body', async () => {
    const first = await app.inject({ url: '/modules/lcc/6.0.0/chunks/label.js' });
    const again = await app.inject({ url: '/modules/lcc/6.0.0/chunks/label.js', headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await app.inject({ method: 'HEAD', url: '/modules/lcc/6.0.0/index.js' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers anything unknown with a 404 problem, never the app page', async () => {
    for (const url of [
      '/modules/lcc/6.0.0/missing.js',
      '/modules/lcc/9.9.9/index.js',
      '/modules/nosuch/1.0.0/index.js',
      '/modules/lcc/6.0.0/',
      '/modules/lcc',
      '/modules',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect((res.json() as Problem).code, url).toBe('CFG_ERR_NOT_FOUND');
    }
  });
});
