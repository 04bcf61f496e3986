import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManifestSetError } from './manifestProblem.ts';
import { ManifestFolder, type FolderEvent } from './manifestFolder.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const realDir = new URL('../../../route-manifests', import.meta.url).pathname;
const copy = () => {
  const dir = tempFolder('manifest-folder-');
  cpSync(realDir, dir, { recursive: true });
  return dir;
};
const rename = (dir: string, name: string) => {
  const file = join(dir, 'lb.json');
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.name = name;
  writeFileSync(file, JSON.stringify(doc, null, 2));
};
const folders: ManifestFolder[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) folder.close();
});

describe('ManifestFolder', () => {
  it('refuses to start from an invalid folder', () => {
    const dir = copy();
    writeFileSync(join(dir, 'lb.json'), '{');
    expect(() => new ManifestFolder(dir)).toThrow(ManifestSetError);
  });

  it('takes a valid edit as a new set, naming the one it replaces', () => {
    const dir = copy();
    const folder = new ManifestFolder(dir);
    const before = folder.current().release;
    rename(dir, 'Leaders');
    expect(folder.reload()).toMatchObject({ kind: 'loaded', previous: before });
    expect(folder.current().modules.get('lb')?.name).toBe('Leaders');
    expect(folder.reload().kind).toBe('unchanged');
  });

  it('keeps the last good set when an edit is invalid, and reports the edit until fixed', () => {
    const dir = copy();
    const folder = new ManifestFolder(dir);
    const good = folder.current();
    writeFileSync(join(dir, 'lb.json'), '{ "key": "lb", ');
    const event = folder.reload();
    expect(event).toMatchObject({ kind: 'rejected', serving: good.release });
    expect(folder.current()).toBe(good);
    expect(folder.rejected()?.problems).toContainEqual(expect.objectContaining({ file: 'lb.json', rule: 'json-syntax', line: 1 }));
    writeFileSync(join(dir, 'lb.json'), readFileSync(join(realDir, 'lb.json'), 'utf8').replace('"Leaderboard"', '"Fixed"'));
    expect(folder.reload().kind).toBe('loaded');
    expect(folder.rejected()).toBeNull();
  });

  it('notices a change in the folder by itself within a second', async () => {
    const dir = copy();
    const events: FolderEvent[] = [];
    const folder = new ManifestFolder(dir);
    folder.on('reload', (e) => events.push(e));
    folders.push(folder);
    folder.watch(50);
    rename(dir, 'Watched');
    await vi.waitFor(() => expect(folder.current().modules.get('lb')?.name).toBe('Watched'), { timeout: 1000, interval: 20 });
    expect(events.at(-1)?.kind).toBe('loaded');
  });
});
