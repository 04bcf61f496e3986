import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { releaseEntityTag, type Release, type ReleaseFiles } from '@platform/schemas';
import type { ManifestReleases } from '../releases/manifestReleases.ts';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { demoCustomerModules, releasesOn, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { bearer } from '../testing/signedRequest.ts';
import type { ImportMap } from './importMap.ts';
import { tempFolders } from '../testing/tempFolders.ts';

const tempFolder = tempFolders();

const staff = staffToken();
const SHARED = {
  imports: { react: '/assets/react-AbCdEf12.js', 'react/jsx-runtime': '/assets/jsx-runtime-AbCdEf12.js', '@platform/module-sdk': '/assets/sdk-AbCdEf12.js' },
  integrity: { '/assets/react-AbCdEf12.js': 'sha384-react', '/assets/jsx-runtime-AbCdEf12.js': 'sha384-jsx', '/assets/sdk-AbCdEf12.js': 'sha384-sdk' },
};
// As Vite writes it: the entry script and its preloads in <head>.
const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>app</title>' +
  '<script type="module" crossorigin src="/assets/index-AbCdEf12.js"></script><link rel="modulepreload" crossorigin href="/assets/react-AbCdEf12.js">' +
  '</head><body><div id="root"></div></body></html>';

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;

beforeAll(async () => {
  apps = await startTestApps();
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  const webRoot = tempFolder('import-map-web-');
  writeFileSync(join(webRoot, 'index.html'), INDEX);
  writeFileSync(join(webRoot, 'importmap.json'), JSON.stringify(SHARED));
  app = await apps.app({ releases, customerModules: modules, webRoot });
}, 60_000);
afterAll(() => apps.close());

const ask = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload: object | Buffer, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: bearer(staff, { ...headers }), payload });
const active = () => ({ 'if-match': releaseEntityTag(releases.current().release) });

/** Uploads lcc's bundle `version` and publishes a release naming it; its id. */
async function releaseNaming(version: string): Promise<string> {
  expect(
    (await ask('PUT', `/api/v1/admin/modules/lcc/bundles/${version}`, gzippedTar(bundleEntries(version)), { 'content-type': 'application/gzip' })).statusCode,
  ).toBe(201);
  const files = releases.current().contents as ReleaseFiles;
  const res = await ask('POST', '/api/v1/admin/releases', {
    files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } },
    reason: version,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Release).id;
}

/** The page at a screen address: its policy, the nonce in it, and the import map script's nonce and map. */
async function page() {
  const res = await app.inject({ url: '/life-cost' });
  expect(res.statusCode).toBe(200);
  const policy = String(res.headers['content-security-policy']);
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  const script = /<script type="importmap" nonce="([^"]+)">(.*?)<\/script>/.exec(res.body);
  return { html: res.body, policy, nonce, mapNonce: script?.[1], map: script ? (JSON.parse(script[2]!) as ImportMap) : undefined };
}
const bundleUrls = (map: ImportMap | undefined) => Object.keys(map?.integrity ?? {}).filter((url) => url.startsWith('/modules/'));

describe("the page's import map", () => {
  it("maps the shell's shared names with their integrity, before any module script, under the page's nonce", async () => {
    const { html, map, nonce, mapNonce } = await page();
    expect(map).toEqual(SHARED);
    expect(mapNonce).toBe(nonce);
    const at = html.indexOf('<script type="importmap"');
    expect(at).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(at).toBeLessThan(html.indexOf('<script type="module"'));
    expect(at).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
  });

  it('keeps the policy as strict as before: scripts from this origin and the nonce only', async () => {
    const { policy, nonce } = await page();
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' 'nonce-${nonce}'`);
    for (const loose of ["'unsafe-eval'", "'unsafe-inline'", 'blob:', "'strict-dynamic'", "'wasm-unsafe-eval'"]) expect(policy).not.toContain(loose);
  });

  it("carries the digest of every file of the active release's bundles, then of a pilot's too, and drops the pilot's when it ends", async () => {
    const first = await releaseNaming('1.4.2');
    expect((await ask('PUT', '/api/v1/admin/releases/active', { release: first, reason: 'go' }, active())).statusCode).toBe(200);
    const afterPublish = (await page()).map;
    expect(bundleUrls(afterPublish).sort()).toEqual(['/modules/lcc/1.4.2/bundle.json', '/modules/lcc/1.4.2/chunks/label.js', '/modules/lcc/1.4.2/index.js']);
    const served = await app.inject({ url: '/modules/lcc/1.4.2/index.js' });
    expect(afterPublish?.integrity['/modules/lcc/1.4.2/index.js']).toBe(String(served.headers.etag).replaceAll('"', ''));
    expect(afterPublish?.imports).toEqual(SHARED.imports);

    const pilot = await releaseNaming('1.5.0');
    expect((await ask('PUT', '/api/v1/admin/releases/pilot', { release: pilot, customers: ['acme'], reason: 'try' }, active())).statusCode).toBe(200);
    expect(
      bundleUrls((await page()).map)
        .filter((url) => url.endsWith('/index.js'))
        .sort(),
    ).toEqual(['/modules/lcc/1.4.2/index.js', '/modules/lcc/1.5.0/index.js']);

    expect((await ask('DELETE', '/api/v1/admin/releases/pilot', { release: pilot, reason: 'enough' }, active())).statusCode).toBe(200);
    expect(bundleUrls((await page()).map).filter((url) => url.endsWith('/index.js'))).toEqual(['/modules/lcc/1.4.2/index.js']);
  });
});
