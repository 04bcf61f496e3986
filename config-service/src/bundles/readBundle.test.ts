import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isPlatformError, type PlatformError } from '../errors.ts';
import { bundleEntries, gzippedTar, tarOf } from '../testing/bundleTar.ts';
import { BUNDLE_LIMITS, readBundle } from './readBundle.ts';

async function refusal(upload: Buffer, limits = BUNDLE_LIMITS): Promise<PlatformError> {
  const error = await readBundle(upload, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPlatformError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('readBundle', () => {
  it('reads the files of an ordinary bundle with their types and sha384 digests', async () => {
    const bundle = await readBundle(gzippedTar([{ path: './', type: 'Directory' }, ...bundleEntries().map((e) => ({ ...e, path: `./${e.path}` }))]));
    expect(bundle.sdk).toBe('^1.0.0');
    expect(bundle.files.map((f) => [f.path, f.contentType])).toEqual([
      ['bundle.json', 'application/json; charset=utf-8'],
      ['chunks/label.js', 'text/javascript; charset=utf-8'],
      ['index.js', 'text/javascript; charset=utf-8'],
    ]);
    const index = bundle.files.find((f) => f.path === 'index.js')!;
    expect(index.integrity).toBe(`sha384-${createHash('sha384').update(index.content).digest('base64')}`);
  });

  it('gives the same files the same digest whatever order the tar holds them in, and other files another', async () => {
    const entries = bundleEntries();
    const a = await readBundle(gzippedTar(entries));
    const b = await readBundle(gzippedTar([...entries].reverse()));
    const c = await readBundle(gzippedTar(bundleEntries('two')));
    expect(a.digest).toBe(b.digest);
    expect(c.digest).not.toBe(a.digest);
  });

  it.each([
    ['no index.js', gzippedTar(bundleEntries().filter((e) => e.path !== 'index.js')), 'index.js'],
    ['index.js only in a folder', gzippedTar([...bundleEntries().filter((e) => e.path !== 'index.js'), { path: 'dist/index.js', content: 'x' }]), 'index.js'],
    ['no bundle.json', gzippedTar(bundleEntries().filter((e) => e.path !== 'bundle.json')), 'bundle.json'],
    [
      'a bundle.json that is not JSON',
      gzippedTar([...bundleEntries().filter((e) => e.path !== 'bundle.json'), { path: 'bundle.json', content: '{' }]),
      'bundle.json',
    ],
    ['an SDK that is no semver range', gzippedTar(bundleEntries('one', 'latest please')), 'bundle.json'],
    ['a page', gzippedTar([...bundleEntries(), { path: 'evil.html', content: '<script>alert(1)</script>' }]), 'evil.html'],
    ['a hidden file', gzippedTar([...bundleEntries(), { path: '.env', content: 'SECRET=1' }]), '.env'],
    ['a file twice', gzippedTar([...bundleEntries(), { path: 'index.js', content: 'again' }]), 'index.js'],
    ['a FIFO', gzippedTar([...bundleEntries(), { path: 'pipe.js', type: 'FIFO' }]), 'pipe.js'],
    ['a character device', gzippedTar([...bundleEntries(), { path: 'tty.js', type: 'CharacterDevice' }]), 'tty.js'],
    ['not gzip', tarOf(bundleEntries()), 'the upload'],
    ['gzip of something that is not a tar', gzipSync(Buffer.from('hello, this is not a tar archive at all'.repeat(40))), 'the upload'],
    ['a gzip inside the gzip', gzipSync(gzippedTar(bundleEntries())), 'the upload'],
  ])('refuses %s with 422 naming the file', async (_what, upload, file) => {
    const error = await refusal(upload);
    expect(error.code).toBe('CFG_ERR_BUNDLE_INVALID');
    expect(error.status).toBe(422);
    expect(error.extensions).toEqual({ file });
  });

  it.each([
    ['too many files', { files: 3 }, 'extra.js'],
    ['a file too big', { fileBytes: 60 }, 'index.js'],
    ['too many bytes together', { totalBytes: 100 }, 'bundle.json'],
  ])('refuses %s with 413 naming the file', async (_what, limits, file) => {
    const error = await refusal(gzippedTar([...bundleEntries(), { path: 'extra.js', content: 'x' }]), { ...BUNDLE_LIMITS, ...limits });
    expect(error.code).toBe('CFG_ERR_BUNDLE_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(error.extensions).toEqual({ file });
  });

  it('refuses paths too long or too deep', async () => {
    const deep = `${'a/'.repeat(9)}x.js`;
    expect((await refusal(gzippedTar([...bundleEntries(), { path: deep, content: 'x' }]))).extensions).toEqual({ file: deep });
    const long = `${'l'.repeat(95)}.js`;
    expect((await refusal(gzippedTar([...bundleEntries(), { path: long, content: 'x' }]), { ...BUNDLE_LIMITS, pathLength: 90 })).extensions).toEqual({
      file: long,
    });
  });
});
