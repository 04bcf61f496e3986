import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from './pgliteDatabase.ts';
import { DatabaseInUseError, lockFolder } from './pgliteFolderLock.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const folder = () => join(tempFolder('pglite-lock-'), 'pglite');

describe('the embedded database folder lock', () => {
  // Two real opens of a new folder (initdb in WebAssembly): about 8 s on a quiet 2-core machine, over
  // 20 s under a loaded one. The test is about the lock, not the speed; the limit only catches a hang.
  it('lets one open at a time, and the next after it is closed', { timeout: 90_000 }, async () => {
    const dir = folder();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow(DatabaseInUseError);
    await first.close();
    const second = await openPglite(dir);
    await second.close();
  });

  it('keeps out a second process while the first is alive, and takes over from one that died', async () => {
    const dir = folder();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    writeFileSync(`${dir}.lock`, String(other.pid));
    expect(() => lockFolder(dir)).toThrow(/in use by process/);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const release = lockFolder(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
