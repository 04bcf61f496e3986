import { describe, expect, it } from 'vitest';
import type { BundleStore } from '../store/bundleStore.ts';
import { BundleFiles } from './bundleFiles.ts';

/** A store of 100-byte files named a.js … z.js that counts how often it is read. */
function countingStore() {
  const reads: string[] = [];
  const store = {
    file: async (_module: string, _version: string, path: string) => {
      reads.push(path);
      return path === 'missing.js'
        ? undefined
        : { content: Buffer.alloc(100, path), contentType: 'text/javascript; charset=utf-8', integrity: `sha384-${path}` };
    },
  } as unknown as BundleStore;
  return { store, reads };
}

describe('BundleFiles', () => {
  it('reads a file from the store once, then serves it from memory', async () => {
    const { store, reads } = countingStore();
    const files = new BundleFiles(store, 1_000);
    expect((await files.get('lcc', '1.0.0', 'a.js'))?.etag).toBe('"sha384-a.js"');
    await files.get('lcc', '1.0.0', 'a.js');
    expect(reads).toEqual(['a.js']);
  });

  it('keeps no more than its bound, letting the least recently used go first', async () => {
    const { store, reads } = countingStore();
    const files = new BundleFiles(store, 250);
    for (const path of ['a.js', 'b.js', 'a.js', 'c.js']) await files.get('lcc', '1.0.0', path);
    expect(files.bytes).toBeLessThanOrEqual(250);
    reads.length = 0;
    // a.js was used after b.js, so b.js went when c.js came.
    for (const path of ['a.js', 'c.js', 'b.js']) await files.get('lcc', '1.0.0', path);
    expect(reads).toEqual(['b.js']);
  });

  it('remembers nothing of a file not found: it may be uploaded a moment later', async () => {
    const { store, reads } = countingStore();
    const files = new BundleFiles(store, 1_000);
    expect(await files.get('lcc', '1.0.0', 'missing.js')).toBeUndefined();
    expect(await files.get('lcc', '1.0.0', 'missing.js')).toBeUndefined();
    expect(reads).toEqual(['missing.js', 'missing.js']);
    expect(files.bytes).toBe(0);
  });
});
