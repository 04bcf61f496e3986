// @module-tag hardening/input
// A module bundle upload is an archive from outside: whatever it holds, nothing outside the bundle's
// own folder is named, no link or device is taken, and a small upload that expands without end is
// refused within the limits, its memory bounded. Each refusal is a 4xx problem naming the file, and
// leaves nothing stored (decision 0056).
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Pax } from 'tar';
import { bundleEntries, gzippedTar, tarOf } from '../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';

const staff = staffToken();
let apps: TestApps;
let app: FastifyInstance;
let version = 0;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  const releases = await releasesOn(modules, apps.folder);
  app = await apps.app({ releases, customerModules: modules });
}, 60_000);
afterAll(() => apps.close());

/** Uploads to a version of its own; the answer and whether anything of that version can be fetched afterwards. */
async function upload(body: Buffer) {
  const at = `1.0.${version++}`;
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/lcc/bundles/${at}`,
    headers: bearer(staff, { 'content-type': 'application/gzip' }),
    payload: body,
  });
  const stored = (await app.inject({ url: `/modules/lcc/${at}/index.js` })).statusCode !== 404;
  return { res, stored };
}

describe('paths and entry types', () => {
  it.each([
    ['a parent folder', '../x.js'],
    ['a parent folder after ./', './../x.js'],
    ['a parent folder further down', 'chunks/../../x.js'],
    ['an absolute path', '/etc/x.js'],
    ['a drive letter', 'C:/x.js'],
    ['a backslash', '..\\x.js'],
  ])('refuses %s (%s) with 422 naming it', async (_what, path) => {
    const { res, stored } = await upload(gzippedTar([...bundleEntries(), { path, content: 'export {}' }]));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_INVALID', file: path });
    expect(stored).toBe(false);
  });

  it.each([
    ['a symbolic link out of the folder', { path: 'x.js', type: 'SymbolicLink' as const, linkpath: '/etc/passwd' }],
    ['a symbolic link within the folder', { path: 'x.js', type: 'SymbolicLink' as const, linkpath: 'index.js' }],
    ['a hard link out of the folder', { path: 'x.js', type: 'Link' as const, linkpath: '/etc/passwd' }],
    ['a hard link within the folder', { path: 'x.js', type: 'Link' as const, linkpath: 'index.js' }],
    ['a block device', { path: 'x.js', type: 'BlockDevice' as const }],
  ])('refuses %s with 422 naming it', async (_what, entry) => {
    const { res, stored } = await upload(gzippedTar([...bundleEntries(), entry]));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_INVALID', file: 'x.js' });
    expect(stored).toBe(false);
  });

  it('reads the path a pax header gives, not the harmless one beside it', async () => {
    const pax = new Pax({ path: '../../evil.js' }).encode();
    const { res, stored } = await upload(gzipSync(Buffer.concat([pax, tarOf([...bundleEntries(), { path: 'harmless.js', content: 'export {}' }])])));
    // The pax header names the entry that follows it: the first of the bundle's own.
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_INVALID', file: '../../evil.js' });
    expect(stored).toBe(false);
  });
});

describe('expansion', () => {
  const MB = 1024 * 1024;
  const zeros = gzipSync(Buffer.alloc(MB));
  /** The header block of a file of `size` bytes, as a tar writes it. */
  const headerOf = (path: string, size: number, type: 'File' | 'ExtendedHeader' = 'File') => {
    const header = tarOf([{ path, content: Buffer.alloc(0), type }]).subarray(0, 512);
    header.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
    header.fill(' ', 148, 156);
    const sum = header.reduce((total, byte) => total + byte, 0);
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    return gzipSync(header);
  };
  /** Files of `megabytes` zeros each, as gzip members repeated: a few KB a file, however large it says it is. */
  const filesOf = (count: number, megabytes: number) =>
    Array.from({ length: count }, (_, i) => [headerOf(`chunks/f${i}.js`, megabytes * MB), ...Array.from({ length: megabytes }, () => zeros)]).flat();

  /** Uploads `body` while sampling the process's memory; the answer and the most memory it grew by. */
  async function measured(body: Buffer) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
    const answer = await upload(body);
    clearInterval(sample);
    return { ...answer, grew: peak - before };
  }

  it('refuses a 2 MB upload whose files expand to 2 GB with 413 at the file past the limit, holding far less', async () => {
    const upload2GB = Buffer.concat([gzipSync(tarOf(bundleEntries()).subarray(0, -1024)), ...filesOf(292, 7)]);
    expect(upload2GB.length).toBeLessThan(3 * MB);
    const { res, stored, grew } = await measured(upload2GB);
    expect(res.statusCode).toBe(413);
    // 7 MB a file: the fourth would pass the 25 MB of files a bundle may hold.
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_TOO_LARGE', file: 'chunks/f3.js' });
    expect(stored).toBe(false);
    expect(grew).toBeLessThan(256 * MB);
  });

  it('counts what it decompresses, not only what entries declare: a 1 GB extended header is refused at the limit', async () => {
    // The parser skips a meta entry too big to keep without emitting anything; only the count sees its bytes.
    const upload1GB = Buffer.concat([
      gzipSync(tarOf(bundleEntries()).subarray(0, -1024)),
      headerOf('PaxHeader', 1024 * MB, 'ExtendedHeader'),
      ...Array.from({ length: 1024 }, () => zeros),
    ]);
    const { res, stored, grew } = await measured(upload1GB);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_TOO_LARGE', file: 'the upload' });
    expect(stored).toBe(false);
    expect(grew).toBeLessThan(256 * MB);
  });

  it('reads nothing past the end of the archive, however much follows it', async () => {
    const trailing2GB = Buffer.concat([gzipSync(tarOf(bundleEntries())), ...Array.from({ length: 2048 }, () => zeros)]);
    const { res, stored, grew } = await measured(trailing2GB);
    expect(res.statusCode, res.body).toBe(201);
    expect(stored).toBe(true);
    expect(grew).toBeLessThan(256 * MB);
  });

  it('refuses a file whose header declares more than a file may hold (8 MB) before reading its bytes', async () => {
    const { res, stored } = await upload(Buffer.concat([gzipSync(tarOf(bundleEntries()).subarray(0, -1024)), headerOf('big.js', 12 * MB), zeros]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_BUNDLE_TOO_LARGE', file: 'big.js' });
    expect(stored).toBe(false);
  });
});
