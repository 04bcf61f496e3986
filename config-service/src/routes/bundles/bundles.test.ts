import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ModuleBundle, ModuleBundleList, Problem } from '@platform/schemas';
import { BundleStore } from '../../store/bundleStore.ts';
import { bundleEntries, gzippedTar } from '../../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { tempFolders } from '../../testing/tempFolders.ts';

const tempFolder = tempFolders();

const staff = staffToken();
const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'] });

let apps: TestApps;
let app: FastifyInstance;
let store: BundleStore;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  store = new BundleStore(modules.store.db);
  const webRoot = tempFolder('bundles-web-');
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
    expect(unknown.json()).toMatchObject({ code: 'CFG_ERR_MODULE_NOT_FOUND' });
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
    // An address of the file route names a file that is not there; a shorter one names no route at all.
    for (const [url, code] of [
      ['/modules/lcc/6.0.0/missing.js', 'CFG_ERR_BUNDLE_FILE_NOT_FOUND'],
      ['/modules/lcc/9.9.9/index.js', 'CFG_ERR_BUNDLE_FILE_NOT_FOUND'],
      ['/modules/nosuch/1.0.0/index.js', 'CFG_ERR_BUNDLE_FILE_NOT_FOUND'],
      ['/modules/lcc/6.0.0/', 'CFG_ERR_BUNDLE_FILE_NOT_FOUND'],
      ['/modules/lcc', 'CFG_ERR_NOT_FOUND'],
      ['/modules', 'CFG_ERR_NOT_FOUND'],
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/problem\+json/);
      expect((res.json() as Problem).code, url).toBe(code);
      // A CDN in front must not keep "missing": the file may be uploaded a moment later.
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('GET /modules/{key}/{version}/{path}: codings made once at upload', () => {
  // Large enough to be worth compressing, and compressible: a chunk of a real build is mostly repeated text.
  const big = `export const rows = [\n${Array.from({ length: 2_000 }, (_, i) => `  { id: ${i}, label: 'row ${i}', kind: 'asset' },`).join('\n')}\n];\n`;
  const url = '/modules/lcc/7.0.0/chunks/big.js';
  const get = (headers: Record<string, string> = {}) => app.inject({ url, headers });
  beforeAll(async () => {
    const res = await upload('/api/v1/admin/modules/lcc/bundles/7.0.0', gzippedTar([...bundleEntries('coded'), { path: 'chunks/big.js', content: big }]));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('sends the br or gzip form stored at upload, byte for byte, by Accept-Encoding with its q-values, and the file itself otherwise', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big);
    // What goes out is what the upload stored: nothing is compressed again per request.
    const stored = await store.file('lcc', '7.0.0', 'chunks/big.js', 'br');
    expect(stored?.coding).toBe('br');
    expect(br.rawPayload.equals(stored!.content)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(big.length / 4);

    const gzip = await get({ 'accept-encoding': 'br;q=0.5, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(big);
    expect(gzip.rawPayload.equals((await store.file('lcc', '7.0.0', 'chunks/big.js', 'gzip'))!.content)).toBe(true);

    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get(accepted ? { 'accept-encoding': accepted } : {});
      expect(plain.headers['content-encoding'], accepted).toBeUndefined();
      expect(plain.body, accepted).toBe(big);
    }
  });

  it('sends a file under a kilobyte as it is, whatever the client takes', async () => {
    const small = await app.inject({ url: '/modules/lcc/7.0.0/index.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toContain('"coded"');
  });

  it('gives each coding its own entity tag, answers 304 per coding, and says every answer varies by Accept-Encoding', async () => {
    const br = await get({ 'accept-encoding': 'br' });
    const gzip = await get({ 'accept-encoding': 'gzip' });
    const plain = await get();
    const digest = `"${sha384(big)}"`;
    expect(plain.headers.etag).toBe(digest);
    expect(br.headers.etag).toBe(`"${sha384(big)}-br"`);
    expect(gzip.headers.etag).toBe(`"${sha384(big)}-gzip"`);
    for (const res of [br, gzip, plain]) expect(res.headers.vary).toBe('Accept-Encoding');

    const brAgain = await get({ 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(brAgain.statusCode).toBe(304);
    expect(brAgain.headers.vary).toBe('Accept-Encoding');
    // The br tag is not the identity representation: a client that now takes nothing compressed gets the file.
    const plainWithBrTag = await get({ 'if-none-match': String(br.headers.etag) });
    expect(plainWithBrTag.statusCode).toBe(200);
    expect(plainWithBrTag.body).toBe(big);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': digest })).statusCode).toBe(200);
  });
});
