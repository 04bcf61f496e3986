import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { inRepo } from './repoPaths.ts';
import { startService } from './testing/serviceProcess.ts';
import { tempFolders } from './testing/tempFolders.ts';

const tempFolder = tempFolders();

// Resolved here: the service runs from an empty folder, where `--import tsx` would not be found.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the service from its sources in an empty folder (no .env) with only `env` set, as an operator would. */
function start(env: Record<string, string>) {
  const cwd = tempFolder('server-start-');
  const run = spawnSync(process.execPath, ['--import', tsx, inRepo('config-service/src/server.ts')], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: run.status, stderr: run.stderr };
}

describe('a service that cannot start', () => {
  it('tells the operator what to change and the code docs/errors.md lists, without a stack', () => {
    const { status, stderr } = start({ PORT: 'abc' });
    expect(status).toBe(1);
    expect(stderr).toMatch(/^Cannot start: PORT: .*got 'abc'\n\(CFG_SETTINGS_INVALID: see docs\/errors\.md\)\n$/);
  });

  it('names the embedded database lock held by another live process as CFG_STORE_IN_USE', () => {
    const dataDir = tempFolder('server-lock-');
    mkdirSync(join(dataDir, 'pglite'));
    // This test's own process is alive and is not the service: its pid holds the lock.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    const { status, stderr } = start({ ENVIRONMENT: 'local', DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(stderr).toContain(`in use by process ${process.pid}`);
    expect(stderr).toContain('(CFG_STORE_IN_USE: see docs/errors.md)');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe('a service that starts', () => {
  it("becomes ready only with the app client's write rights read from its identity provider, the local one here", async () => {
    const service = await startService();
    try {
      // The app client is read before the port opens: ready from the first answer.
      const readiness = await fetch(`${service.base}/readyz`);
      expect(readiness.status).toBe(200);
      expect(((await readiness.json()) as { checks: Record<string, string> }).checks).toMatchObject({ appClient: 'ready' });
    } finally {
      await service.stop();
    }
    // Stopped, it leaves nothing in the temp folder: the data folder startService made for it is gone.
    expect(existsSync(service.dataDir)).toBe(false);
  }, 60_000);
});
