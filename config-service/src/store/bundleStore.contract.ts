// The behaviour of the bundle store on every database it runs on; run against PGlite and a PostgreSQL server.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BundleStore, type BundleFile } from './bundleStore.ts';
import type { StoreTarget } from './customerStore.contract.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

const uploader = { sub: 'staff-1', email: 'sam@provider.example' };
const other = { sub: 'staff-2', email: 'sue@provider.example' };

const file = (path: string, text: string, contentType = 'text/javascript; charset=utf-8'): BundleFile => {
  const content = Buffer.from(text);
  return { path, content, contentType, integrity: `sha384-${createHash('sha384').update(content).digest('base64')}` };
};
const bundle = (version: string, files: BundleFile[], digest = files.map((f) => f.integrity).join()) => ({
  module: 'lcc',
  version,
  sdk: '^1.0.0',
  digest,
  files,
});

export function bundleStoreContract(name: string, target: () => StoreTarget) {
  describe(`bundle store on ${name}`, () => {
    let t: StoreTarget;
    let db: Database;
    let store: BundleStore;
    const opened: Database[] = [];
    const open = async () => {
      const next = await t.open();
      opened.push(next);
      return next;
    };

    beforeAll(async () => {
      t = target();
      db = await open();
      await migrate(db);
      store = new BundleStore(db);
    });
    afterAll(async () => {
      for (const d of opened.reverse()) await d.close().catch(() => undefined);
      await t.dispose?.();
    });

    it('stores a version once with who uploaded it, and gives back every byte', async () => {
      const binary = { ...file('fonts/a.woff2', ''), content: Buffer.from([0, 255, 1, 254, 0]) };
      const files = [file('index.js', 'export const screens = {};'), binary];
      const put = await store.put(bundle('1.0.0', files), uploader);
      expect(put).toMatchObject({ outcome: 'created', bundle: { module: 'lcc', version: '1.0.0', sdk: '^1.0.0', uploadedBy: uploader } });
      expect(await store.file('lcc', '1.0.0', 'index.js')).toEqual({
        content: Buffer.from('export const screens = {};'),
        contentType: 'text/javascript; charset=utf-8',
        integrity: files[0]!.integrity,
      });
      expect((await store.file('lcc', '1.0.0', 'fonts/a.woff2'))?.content.equals(Buffer.from([0, 255, 1, 254, 0]))).toBe(true);
      expect(await store.file('lcc', '1.0.0', 'other.js')).toBeUndefined();
      expect(await store.file('lcc', '9.9.9', 'index.js')).toBeUndefined();
    });

    it('answers the same files again as the same bundle, and other files at that version as a conflict, changing nothing', async () => {
      const files = [file('index.js', 'export const screens = { a: 1 };')];
      expect((await store.put(bundle('1.1.0', files), uploader)).outcome).toBe('created');
      const again = await store.put(bundle('1.1.0', files), other);
      expect(again).toMatchObject({ outcome: 'same', bundle: { uploadedBy: uploader } });
      const conflict = await store.put(bundle('1.1.0', [file('index.js', 'export const screens = { a: 2 };')]), other);
      expect(conflict).toMatchObject({ outcome: 'conflict', existing: { uploadedBy: uploader } });
      expect((await store.file('lcc', '1.1.0', 'index.js'))?.content.toString()).toBe('export const screens = { a: 1 };');
    });

    it('leaves nothing behind when an upload fails part-way', async () => {
      const broken = { ...file('b.js', 'x'), integrity: 'not a digest' };
      await expect(store.put(bundle('1.2.0', [file('index.js', 'x'), broken]), uploader)).rejects.toThrow();
      expect(await store.get('lcc', '1.2.0')).toBeUndefined();
      expect(await store.file('lcc', '1.2.0', 'index.js')).toBeUndefined();
      // The version is still free.
      expect((await store.put(bundle('1.2.0', [file('index.js', 'x')]), uploader)).outcome).toBe('created');
    });

    it('lets one of many concurrent uploads of a version through; the others find it', async () => {
      const replicas = await Promise.all([open(), open(), open()]);
      const files = [file('index.js', 'export const screens = { race: true };')];
      const outcomes = await Promise.all(replicas.map((r) => new BundleStore(r).put(bundle('2.0.0', files), uploader)));
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['created', 'same', 'same']);
    });

    it('lists the versions with their files, and finds many at once from another connection', async () => {
      const replica = new BundleStore(await open());
      const versions = (await replica.list('lcc')).map((b) => b.version);
      expect(versions.sort()).toEqual(['1.0.0', '1.1.0', '1.2.0', '2.0.0']);
      const found = await replica.many([
        { module: 'lcc', version: '1.0.0' },
        { module: 'lcc', version: '3.0.0' },
      ]);
      expect([...found.keys()]).toEqual(['lcc@1.0.0']);
      expect(found.get('lcc@1.0.0')?.files.map((f) => [f.path, f.bytes])).toEqual([
        ['fonts/a.woff2', 5],
        ['index.js', 26],
      ]);
      expect(await replica.list('mr')).toEqual([]);
    });
  });
}
