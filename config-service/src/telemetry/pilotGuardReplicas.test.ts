// Guarded pilots across replicas. Two service processes on one PostgreSQL server, as behind a load
// balancer: a pilot's users report through one replica while the other started the pilot; the bundle
// that throws for them ends the pilot, once, whichever replica's guard gets there first; a healthy one runs on.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PilotHealth, Release, ReleaseAuditPage, ReleaseFiles, ReleaseList, UserManifest } from '@platform/schemas';
import { bundleEntries, gzippedTar } from '../testing/bundleTar.ts';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';
import { bearer } from '../testing/signedRequest.ts';
import { GUARD_CHECK_MS } from './pilotGuard.ts';

const env = { MANIFEST_SOURCE: 'store', RATE_LIMIT_ADMIN_WRITES: '0' };
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let a: ServiceProcess;
let b: ServiceProcess;
let staffA: string;
let engineerB: string;

const call = async <T>(
  service: ServiceProcess,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; ifMatch?: string; raw?: Buffer } = {},
) => {
  const res = await fetch(`${service.base}${path}`, {
    method: init.method ?? 'GET',
    headers: bearer(token, {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.raw ? { 'content-type': 'application/gzip' } : {}),
      ...(init.ifMatch ? { 'if-match': init.ifMatch } : {}),
    }),
    body: init.raw ? new Uint8Array(init.raw) : init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
};

/** Uploads lcc's bundle `version` through A, publishes a release naming it and pilots it for acme with a guard. */
async function guardedPilotOf(version: string): Promise<string> {
  expect((await call(a, staffA, `/api/v1/admin/modules/lcc/bundles/${version}`, { method: 'PUT', raw: gzippedTar(bundleEntries(version)) })).status).toBe(201);
  const list = (await call<ReleaseList>(a, staffA, '/api/v1/admin/releases')).body;
  const files = (await call<Release>(a, staffA, `/api/v1/admin/releases/${list.active}`)).body.files as ReleaseFiles;
  const published = await call<Release>(a, staffA, '/api/v1/admin/releases', {
    method: 'POST',
    body: { files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } }, reason: `lcc ${version}` },
  });
  expect(published.status).toBe(201);
  const pilot = await call(a, staffA, '/api/v1/admin/releases/pilot', {
    method: 'PUT',
    // One engineer of acme has lcc among the demo accounts, and the guard counts five opens of each user.
    body: { release: published.body.id, customers: ['acme'], reason: `guarded lcc ${version}`, guard: { maxErrorRate: 0.05, minOpens: 5 } },
    ifMatch: `"${list.active}"`,
  });
  expect(pilot.status).toBe(200);
  return published.body.id;
}
/** acme's engineer opens lcc through B `count` times, each ending as `kind`. */
async function openThroughB(version: string, kind: string, count: number) {
  const events = Array.from({ length: count }, () => ({ moduleKey: 'lcc', bundleVersion: version, kind, ...(kind === 'shown' ? { openMs: 250 } : {}) }));
  expect((await call(b, engineerB, '/api/v1/telemetry/screens', { method: 'POST', body: { events } })).status).toBe(202);
}
const lccBundleFor = async (service: ServiceProcess, token: string) =>
  (await call<UserManifest>(service, token, '/api/v1/manifest')).body.modules.find((m) => m.key === 'lcc')?.bundle?.version;

beforeAll(async () => {
  database = await freshPostgresDatabase(inject('postgresUrl'));
  [a, b] = await Promise.all([startService({ databaseUrl: database.url, env }), startService({ databaseUrl: database.url, env })]);
  [staffA, engineerB] = [await idToken(a, 'staff@demo.local'), await idToken(b, 'engineer@acme.example')];
}, 120_000);
afterAll(async () => {
  await Promise.all([a, b].map((replica) => replica?.stop()));
  await database?.drop();
}, 30_000);

describe('a guarded pilot on two replicas', () => {
  it('ends by itself once when its bundle throws for the pilot users reporting through the other replica', async () => {
    const release = await guardedPilotOf('1.5.0');
    await expect.poll(() => lccBundleFor(b, engineerB), { timeout: 5_000 }).toBe('1.5.0');
    await openThroughB('1.5.0', 'render-failed', 20);
    // Written within 2 s, judged within 5 s by either replica: well within 30 s.
    await expect.poll(async () => (await call<ReleaseList>(a, staffA, '/api/v1/admin/releases')).body.pilot, { timeout: 30_000, interval: 500 }).toBeNull();
    const audit = (await call<ReleaseAuditPage>(a, staffA, '/api/v1/admin/releases/audit?limit=50')).body.entries;
    const ends = audit.filter((e) => e.action === 'pilot-end' && e.release === release);
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ actor: { sub: 'pilot-guard' }, customers: ['acme'] });
    expect(ends[0]!.reason).toMatch(/bundle 1\.5\.0 failed 5 of 5 opens \(100\.0%\) for acme \(1 of 1 user failing\)/);
    // Both replicas serve acme the active release again.
    await expect.poll(() => lccBundleFor(b, engineerB), { timeout: 5_000 }).toBeUndefined();
    expect(await lccBundleFor(a, await idToken(a, 'engineer@acme.example'))).toBeUndefined();
  }, 90_000);

  it('keeps a guarded pilot of a healthy bundle running', async () => {
    const release = await guardedPilotOf('1.6.0');
    // B counts only screens it serves: the engineer's browser had the pilot's bundle from B.
    await expect.poll(() => lccBundleFor(b, engineerB), { timeout: 5_000 }).toBe('1.6.0');
    await openThroughB('1.6.0', 'shown', 20);
    const health = async () => (await call<PilotHealth>(a, staffA, '/api/v1/admin/releases/pilot/health')).body.modules[0];
    await expect.poll(async () => (await health())?.pilot.opens, { timeout: 10_000, interval: 250 }).toBe(20);
    expect((await health())?.verdict).toBe('healthy');
    // Two checks of each replica's guard later it still runs.
    await new Promise((resolve) => setTimeout(resolve, 2 * GUARD_CHECK_MS + 1_000));
    expect((await call<ReleaseList>(a, staffA, '/api/v1/admin/releases')).body.pilot?.release).toBe(release);
    expect(await lccBundleFor(b, engineerB)).toBe('1.6.0');
  }, 90_000);
});
