import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const cli = fileURLToPath(new URL('./manifestsCheck.ts', import.meta.url));
const realDir = fileURLToPath(new URL('../../../route-manifests', import.meta.url));
const check = (dir: string) => spawnSync(process.execPath, ['--import', 'tsx', cli, dir], { encoding: 'utf8' });

describe('npm run manifests:check', () => {
  it('passes the real manifests with exit status 0', () => {
    const run = check(realDir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/17 files valid/);
  });

  it('checks a named bundle for its form only, and says the uploads are not checked here', () => {
    const dir = tempFolder('manifests-cli-');
    cpSync(realDir, dir, { recursive: true });
    const lcc = JSON.parse(readFileSync(join(dir, 'lcc.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'lcc.json'), JSON.stringify({ ...lcc, bundle: { version: '1.4.2' } }, null, 2));
    const named = check(dir);
    expect(named.status).toBe(0);
    expect(named.stdout).toMatch(/bundles named \(lcc 1\.4\.2\): not checked here/);
    writeFileSync(join(dir, 'lcc.json'), JSON.stringify({ ...lcc, bundle: { version: 'latest' } }, null, 2));
    const malformed = check(dir);
    expect(malformed.status).toBe(1);
    expect(malformed.stderr).toMatch(/lcc\.json:\d+:\d+ \/bundle\/version \[schema:pattern\]/);
  });

  it('prints every problem as file:line:column, pointer, rule and hint, and exits 1', () => {
    const dir = tempFolder('manifests-cli-');
    cpSync(realDir, dir, { recursive: true });
    writeFileSync(join(dir, 'lb.json'), '{\n  "key": "lb",\n  "name": "Leaderboard"\n  "baseUrl": "/leaderboard"\n}\n');
    const run = check(dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/lb\.json:4:3 \/ \[json-syntax\] /);
    expect(run.stderr).toMatch(/hint: fix the JSON at this position/);
  });
});
