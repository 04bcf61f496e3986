// Test support: folders a test file makes in the temp folder, removed after its tests. Without it every
// run of the unit tests left a few thousand behind (settings-*, manifests-*, …; decision 0097).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Call at a test file's top level (it registers an afterAll there): returns `tempFolder(prefix)`, which
 * makes a new empty folder in the temp folder. Every folder made is removed after the file's tests, once
 * the hooks registered after this one (which may still use a folder: a running service, a watcher) ran.
 */
export function tempFolders(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return (prefix) => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    made.push(folder);
    return folder;
  };
}
