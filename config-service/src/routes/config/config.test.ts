import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, type PublicConfig } from '@platform/schemas';
import { startTestApps, type TestApps } from '../../testing/testApp.ts';

let apps: TestApps;
beforeAll(async () => {
  apps = await startTestApps();
});
afterAll(() => apps.close());

describe('GET /api/v1/config', () => {
  it("hands the browser each backend's region, the cold start public API's its own", async () => {
    const regions = Object.fromEntries(BACKENDS.map((name) => [name, 'us-east-1'])) as PublicConfig['backendRegions'];
    const app = await apps.app({ backendRegions: { ...regions, coldStartPublic: 'us-gov-west-1' } });
    const config = (await app.inject({ url: '/api/v1/config' })).json<PublicConfig>();
    expect(config.backendRegions.coldStartPublic).toBe('us-gov-west-1');
    expect(config.backendRegions.main).toBe('us-east-1');
  });

  it("puts every backend in the identity settings' region when none is given", async () => {
    const config = (await (await apps.app()).inject({ url: '/api/v1/config' })).json<PublicConfig>();
    expect(new Set(Object.values(config.backendRegions))).toEqual(new Set(['us-east-1']));
    expect(Object.keys(config.backendRegions).sort()).toEqual([...BACKENDS].sort());
  });
});

describe('the module SDK version', () => {
  it('names the version of @platform/module-sdk the shell provides to module bundles', async () => {
    const sdk = JSON.parse(readFileSync(new URL('../../../../web/module-sdk/package.json', import.meta.url), 'utf8')) as { version: string };
    const config = (await (await apps.app()).inject({ url: '/api/v1/config' })).json<PublicConfig>();
    expect(config.moduleSdkVersion).toBe(sdk.version);
    expect(config.moduleSdkVersion).toMatch(/^\d+\.\d+\.\d+/);
  });
});
