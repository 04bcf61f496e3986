import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PlatformNotices, Release, ReleaseFiles } from '@platform/schemas';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { GUARD_ACTOR } from '../../telemetry/pilotGuard.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { demoCustomerModules, releasesOn, startTestApps, staffToken, tokenFor, type TestApps } from '../../testing/testApp.ts';

const staff = staffToken();
const acmeEngineer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' });

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;

beforeAll(async () => {
  apps = await startTestApps();
}, 60_000);
afterAll(() => apps.close());

beforeEach(async () => {
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  app = await apps.app({ releases, customerModules: modules });
});

const ask = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token = staff) =>
  app.inject({
    method,
    url,
    headers: bearer(token, method === 'GET' || method === 'POST' ? {} : { 'if-match': `"${releases.current().release}"` }),
    ...(body ? { payload: body } : {}),
  });

/** Publishes a release differing from the active one by a title, and starts its pilot for acme. */
async function pilotFor(title: string): Promise<string> {
  const files = structuredClone(releases.current().contents) as Record<string, { routes: { path: string; title: string }[] }>;
  files['dash.json']!.routes.find((r) => r.path === 'notifications')!.title = title;
  const published = await ask('POST', '/api/v1/admin/releases', { files: files as ReleaseFiles, reason: title });
  expect(published.statusCode, published.body).toBe(201);
  const release = (published.json() as Release).id;
  const started = await ask('PUT', '/api/v1/admin/releases/pilot', {
    release,
    customers: ['acme'],
    reason: 'try',
    guard: { maxErrorRate: 0.05, minOpens: 20 },
  });
  expect(started.statusCode, started.body).toBe(200);
  return release;
}
const notices = async (token = staff) => ask('GET', '/api/v1/admin/notices', undefined, token);

describe('GET /api/v1/admin/notices', () => {
  it('lists a pilot its guard ended, with the figures, and not one staff ended', async () => {
    const byStaff = await pilotFor('Ended by staff');
    expect((await ask('DELETE', '/api/v1/admin/releases/pilot', { release: byStaff, reason: 'enough' })).statusCode).toBe(200);
    const byGuard = await pilotFor('Ended by the guard');
    const pilot = await releases.store.pilot();
    expect(await releases.store.endGuardedPilot(pilot!, GUARD_ACTOR, 'module lcc failed 20 of 20 opens')).toBe(true);

    const res = await notices();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const listed = (res.json() as PlatformNotices).notices;
    expect(listed).toEqual([
      {
        id: expect.stringMatching(/^guard-\d+$/),
        at: expect.any(String),
        title: `Pilot of ${byGuard} ended by its guard`,
        detail: 'module lcc failed 20 of 20 opens',
        link: '/settings/releases',
      },
    ]);
  });

  it('answers none when no guard acted', async () => {
    expect((await notices()).json()).toEqual({ notices: [] });
  });

  it("refuses a customer's user (403)", async () => {
    const res = await notices(acmeEngineer);
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });
});
