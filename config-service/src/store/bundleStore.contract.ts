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

    it("gives back a file's br and gzip forms where stored, and the file itself where not", async () => {
      const text = file('index.js', 'export const screens = { coded: true };');
      const coded = { ...text, br: Buffer.from('pretend br'), gzip: Buffer.from('pretend gzip') };
      const plain = file('chunks/a.js', 'export const a = 1;');
      expect((await store.put(bundle('4.0.0', [coded, plain]), uploader)).outcome).toBe('created');
      expect(await store.file('lcc', '4.0.0', 'index.js', 'br')).toMatchObject({ coding: 'br', content: Buffer.from('pretend br'), integrity: text.integrity });
      expect(await store.file('lcc', '4.0.0', 'index.js', 'gzip')).toMatchObject({ coding: 'gzip', content: Buffer.from('pretend gzip') });
      expect(await store.file('lcc', '4.0.0', 'index.js')).toMatchObject({ coding: undefined, content: text.content });
      expect(await store.file('lcc', '4.0.0', 'chunks/a.js', 'br')).toMatchObject({ coding: undefined, content: plain.content });
    });

    it('withdraws a version from every connection: its bytes are gone, its row says who, when and why, and it stays taken', async () => {
      const replica = new BundleStore(await open());
      const heard: string[] = [];
      const unlisten = await replica.onWithdrawn(
        (module, version) => heard.push(`${module}@${version}`),
        () => undefined,
      );
      const withdrawn = await store.withdraw('lcc', '4.0.0', other, 'broken');
      expect(withdrawn).toMatchObject({ outcome: 'withdrawn', bundle: { version: '4.0.0', withdrawn: { by: other, reason: 'broken' } } });
      expect(await replica.file('lcc', '4.0.0', 'index.js')).toBeUndefined();
      expect(await replica.file('lcc', '4.0.0', 'index.js', 'br')).toBeUndefined();
      expect((await replica.get('lcc', '4.0.0'))?.files.map((f) => f.path)).toEqual(['chunks/a.js', 'index.js']);
      expect(await store.withdraw('lcc', '4.0.0', uploader, 'again')).toMatchObject({ outcome: 'already', bundle: { withdrawn: { by: other } } });
      expect(await store.withdraw('lcc', '9.0.0', uploader, 'never was')).toBeUndefined();
      expect((await store.put(bundle('4.0.0', [file('index.js', 'x')]), uploader)).outcome).toBe('withdrawn');
      await expect.poll(() => heard).toEqual(['lcc@4.0.0']);
      await unlisten();
    });

    it('refuses a new version past a quota, counting only versions not withdrawn, and lets a version it holds through', async () => {
      const held = (await store.list('lcc')).filter((b) => !b.withdrawn);
      const bytes = held.flatMap((b) => b.files).reduce((n, f) => n + f.bytes, 0);
      const quota = { versions: held.length, bytes: 1_000_000 };
      expect(await store.put(bundle('5.0.0', [file('index.js', 'five')]), uploader, quota)).toEqual({
        outcome: 'over-quota',
        limit: 'versions',
        used: { versions: held.length, bytes },
      });
      expect(await store.put(bundle('5.0.0', [file('index.js', 'five')]), uploader, { versions: 100, bytes: bytes + 3 })).toMatchObject({
        outcome: 'over-quota',
        limit: 'bytes',
      });
      // A version held, uploaded again (the same digest), is no new version.
      const first = held.find((b) => b.version === '1.0.0')!;
      expect((await store.put(bundle('1.0.0', [], first.digest), uploader, quota)).outcome).toBe('same');
      expect((await store.put(bundle('5.0.0', [file('index.js', 'five')]), uploader, { versions: held.length + 1, bytes: bytes + 4 })).outcome).toBe('created');
    });
  });
}
