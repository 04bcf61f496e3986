import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManifestSetError } from './manifestProblem.ts';
import { ManifestStore, type ReloadEvent } from './manifestStore.ts';

const realDir = new URL('../../../route-manifests', import.meta.url).pathname;
const copy = () => {
  const dir = mkdtempSync(join(tmpdir(), 'manifest-store-'));
  cpSync(realDir, dir, { recursive: true });
  return dir;
};
const rename = (dir: string, name: string) => {
  const file = join(dir, 'lb.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.name = name;
  writeFileSync(file, JSON.stringify(doc, null, 2));
};
const stores: ManifestStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

describe('ManifestStore', () => {
  it('refuses to start from an invalid folder', () => {
    const dir = copy();
    writeFileSync(join(dir, 'lb.json'), '{');
    expect(() => new ManifestStore(dir)).toThrow(ManifestSetError);
  });

  it('serves a valid edit under a new version and keeps the old one for comparison', () => {
    const dir = copy();
    const store = new ManifestStore(dir);
    const before = store.current().version;
    rename(dir, 'Leaders');
    expect(store.reload()).toMatchObject({ kind: 'loaded', previous: before });
    expect(store.current().modules.get('lb')?.name).toBe('Leaders');
    expect(store.version(before)?.modules.get('lb')?.name).toBe('Leaderboard');
    expect(store.reload().kind).toBe('unchanged');
  });

  it('keeps the last good set in service when an edit is invalid, and reports the edit until fixed', () => {
    const dir = copy();
    const store = new ManifestStore(dir);
    const good = store.current();
    writeFileSync(join(dir, 'lb.json'), '{ "key": "lb", ');
    const event = store.reload();
    expect(event).toMatchObject({ kind: 'rejected', serving: good.version });
    expect(store.current()).toBe(good);
    expect(store.status().rejected?.problems).toContainEqual(expect.objectContaining({ file: 'lb.json', rule: 'json-syntax', line: 1 }));
    writeFileSync(join(dir, 'lb.json'), readFileSync(join(realDir, 'lb.json'), 'utf8').replace('"Leaderboard"', '"Fixed"'));
    expect(store.reload().kind).toBe('loaded');
    expect(store.status().rejected).toBeNull();
  });

  it('notices a change in the folder by itself within a second', async () => {
    const dir = copy();
    const events: ReloadEvent[] = [];
    const store = new ManifestStore(dir);
    store.on('reload', (e) => events.push(e));
    stores.push(store);
    store.watch(50);
    rename(dir, 'Watched');
    await vi.waitFor(() => expect(store.current().modules.get('lb')?.name).toBe('Watched'), { timeout: 1000, interval: 20 });
    expect(events.at(-1)?.kind).toBe('loaded');
  });
});
