import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ModuleHealth, PilotHealth, Release, ReleaseAuditPage, ReleaseFiles, UserManifest } from '@platform/schemas';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { ScreenReportStore } from '../../store/screenReportStore.ts';
import { PilotGuard } from '../../telemetry/pilotGuard.ts';
import { bundleEntries, gzippedTar } from '../../testing/bundleTar.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { claims, demoCustomerModules, releasesOn, sign, startTestApps, staffToken, type TestApps } from '../../testing/testApp.ts';
import { GuardTallyStore } from '../../store/guardTallyStore.ts';

const staff = staffToken();
/** The token of an engineer of `customerId` with lcc; each `sub` is another user. */
const engineerOf = (customerId: string, sub = `${customerId}-engineer`) =>
  sign(claims({ sub, 'custom:auth': JSON.stringify({ role: 'customer', customerId, modules: ['mr', 'hs', 'lcc'], landingPageModuleKey: 'hs' }) }));
const [acme, globex] = [engineerOf('acme'), engineerOf('globex')];
/** Users made so far: each batch of opens is some new users' (the guard counts five of each). */
let usersMade = 0;
const guard = { maxErrorRate: 0.05, minOpens: 20 };

let apps: TestApps;
let app: FastifyInstance;
let releases: ManifestReleases;
let reports: ScreenReportStore;
let tallies: GuardTallyStore;
let pilotGuard: PilotGuard;
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  apps = await startTestApps();
}, 60_000);
afterAll(() => apps.close());

beforeEach(async () => {
  const modules = apps.track(await demoCustomerModules(apps.folder));
  releases = await releasesOn(modules, apps.folder);
  reports = new ScreenReportStore(modules.store.db);
  tallies = new GuardTallyStore(modules.store.db);
  app = await apps.app({
    releases,
    customerModules: modules,
    screenReports: reports,
    guardTallies: tallies,
    screenReportLimits: { perUserPerMinute: 1000, bufferRows: 1000, flushMs: 20 },
  });
  pilotGuard = new PilotGuard({ releases, reports, tallies, log: quiet });
});

const ask = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: object) =>
  app.inject({
    method,
    url,
    headers: bearer(staff, method === 'GET' ? {} : { 'if-match': `"${releases.current().release}"` }),
    ...(body ? { payload: body } : {}),
  });
/** Uploads lcc's bundle `version` and publishes the release naming it. */
async function releaseNaming(version: string): Promise<string> {
  const upload = await app.inject({
    method: 'PUT',
    url: `/api/v1/admin/modules/lcc/bundles/${version}`,
    headers: bearer(staff, { 'content-type': 'application/gzip' }),
    payload: gzippedTar(bundleEntries(version)),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const files = releases.current().contents as ReleaseFiles;
  const published = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/releases',
    headers: bearer(staff),
    payload: { files: { ...files, 'lcc.json': { ...(files['lcc.json'] as object), bundle: { version } } }, reason: `lcc ${version}` },
  });
  expect(published.statusCode, published.body).toBe(201);
  return (published.json() as Release).id;
}
const startPilot = async (release: string, extra: object = { guard }) => {
  const res = await ask('PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'try lcc', ...extra });
  expect(res.statusCode, res.body).toBe(200);
};
/** `count` opens of lcc, of the kind given, by `perUser` of them each from new users of `customerId`; resolves once the database has them. */
async function opens(customerId: string, bundleVersion: string | null, kind: string, count: number, perUser = 5) {
  const before = await reportedOpens();
  const event = { moduleKey: 'lcc', bundleVersion, kind, ...(kind === 'shown' ? { openMs: 300 } : {}) };
  for (let sent = 0; sent < count; sent += perUser) {
    const token = engineerOf(customerId, `${customerId}-${++usersMade}`);
    const events = Array.from({ length: Math.min(perUser, count - sent) }, () => event);
    for (let i = 0; i < events.length; i += 50) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/telemetry/screens', headers: bearer(token), payload: { events: events.slice(i, i + 50) } });
      expect(res.statusCode).toBe(202);
    }
  }
  await expect.poll(reportedOpens, { timeout: 10_000 }).toBe(before + count);
}
async function reportedOpens() {
  const rows = await reports.groups({ modules: ['lcc'], since: new Date(0) });
  return rows.reduce((sum, r) => sum + r.shown + r.loadFailed + r.renderFailed, 0);
}
const health = async () => (await ask('GET', '/api/v1/admin/releases/pilot/health')).json() as PilotHealth;
const lccBundleOf = async (token: string) =>
  ((await app.inject({ url: '/api/v1/manifest', headers: bearer(token) })).json() as UserManifest).modules.find((m) => m.key === 'lcc')?.bundle?.version;

describe('a guarded pilot', () => {
  it('is stored with its guard and start, and its health compares the pilot with everyone else', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    await opens('acme', '1.5.0', 'render-failed', 20);
    await opens('globex', null, 'shown', 30);
    const answer = await health();
    expect(answer.pilot).toEqual({ release, customers: ['acme'], startedAt: expect.any(String), guard });
    expect(answer.modules).toEqual([
      {
        moduleKey: 'lcc',
        pilotBundle: '1.5.0',
        controlBundle: null,
        pilot: { opens: 20, failures: 20, loadFailures: 0, renderFailures: 20, failureRate: 1, p75OpenMs: null },
        control: { opens: 30, failures: 0, loadFailures: 0, renderFailures: 0, failureRate: 0, p75OpenMs: expect.any(Number) },
        counted: { pilot: { opens: 20, failures: 20, users: 4, failingUsers: 4 }, control: { opens: 30, failures: 0, users: 6, failingUsers: 0 } },
        series: { pilot: [expect.objectContaining({ opens: 20, failures: 20 })], control: [expect.objectContaining({ opens: 30, failures: 0 })] },
        verdict: 'failing',
      },
    ]);
    // 300 ms, read back from its logarithmic bucket (283-400 ms).
    expect(answer.modules[0]!.control.p75OpenMs).toBeGreaterThanOrEqual(283);
    expect(answer.modules[0]!.control.p75OpenMs).toBeLessThanOrEqual(400);
  });

  it('ends by itself once, naming the guard and the figures in the audit, and its customer gets the active release', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    expect(await lccBundleOf(acme)).toBe('1.5.0');
    await opens('acme', '1.5.0', 'render-failed', 19);
    expect(await pilotGuard.check()).toBe(false);
    await opens('acme', '1.5.0', 'load-failed', 1);
    // Two replicas judging at once: one ends it.
    const other = new PilotGuard({ releases, reports, tallies, log: quiet });
    expect((await Promise.all([pilotGuard.check(), other.check()])).sort()).toEqual([false, true]);
    expect(releases.state().pilot).toBeNull();
    const audit = (await ask('GET', '/api/v1/admin/releases/audit')).json() as ReleaseAuditPage;
    const ends = audit.entries.filter((e) => e.action === 'pilot-end');
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ release, actor: { sub: 'pilot-guard' }, customers: ['acme'] });
    expect(ends[0]!.reason).toContain('failed 20 of 20 opens (100.0%) for acme (5 of 5 users failing)');
    expect(await lccBundleOf(acme)).toBeUndefined();
    expect(await health()).toEqual({ pilot: null, modules: [] });
  });

  it('keeps running when its bundle is healthy', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    await opens('acme', '1.5.0', 'shown', 20);
    await opens('acme', '1.5.0', 'render-failed', 1);
    expect(await pilotGuard.check()).toBe(false);
    expect((await health()).modules[0]).toMatchObject({ verdict: 'healthy', pilot: { opens: 21, failures: 1 } });
    expect(releases.state().pilot?.release).toBe(release);
  });

  it('keeps running when everyone else fails as often: not the bundle', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    await opens('acme', '1.5.0', 'shown', 30);
    await opens('acme', '1.5.0', 'load-failed', 10);
    await opens('globex', null, 'shown', 150);
    await opens('globex', null, 'load-failed', 50);
    expect(await pilotGuard.check()).toBe(false);
    expect(releases.state().pilot?.release).toBe(release);
  });

  it("counts no more than five opens of one user: one user's failures alone never end it", async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    // One user (a script, or a page in a loop) posts twenty failures: five count, too few to judge.
    await opens('acme', '1.5.0', 'load-failed', 20, 20);
    expect((await health()).modules[0]).toMatchObject({
      pilot: { opens: 20, failures: 20 },
      counted: { pilot: { opens: 5, failures: 5, users: 1, failingUsers: 1 } },
      verdict: 'too-few-opens',
    });
    // Three more users whose screens showed: enough opens, but the failures are still one user's.
    await opens('acme', '1.5.0', 'shown', 15);
    expect((await health()).modules[0]).toMatchObject({ counted: { pilot: { opens: 20, failures: 5, users: 4, failingUsers: 1 } }, verdict: 'healthy' });
    expect(await pilotGuard.check()).toBe(false);
    expect(releases.state().pilot?.release).toBe(release);
  });

  it("counts no report of a bundle the user is not served: the pilot's bundle from outside it", async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    const forged = Array.from({ length: 20 }, () => ({ moduleKey: 'lcc', bundleVersion: '1.5.0', kind: 'shown' }));
    for (const token of [globex, engineerOf('globex', 'globex-2'), engineerOf('globex', 'globex-3'), engineerOf('globex', 'globex-4')]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/telemetry/screens', headers: bearer(token), payload: { events: forged } });
      expect(res.statusCode).toBe(202);
    }
    // acme's users really on it: what the database has is theirs alone.
    await opens('acme', '1.5.0', 'render-failed', 20);
    expect((await health()).modules[0]).toMatchObject({
      pilot: { opens: 20, failures: 20 },
      control: { opens: 0 },
      counted: { pilot: { opens: 20, users: 4 }, control: { opens: 0, users: 0 } },
    });
  });

  it("counts no staff member's reports for the guard: one acting for several customers would be several users", async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    const failed = Array.from({ length: 5 }, () => ({ moduleKey: 'lcc', bundleVersion: '1.5.0', kind: 'load-failed' }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/telemetry/screens',
      headers: bearer(staff, { 'x-customer-id': 'acme' }),
      payload: { events: failed },
    });
    expect(res.statusCode).toBe(202);
    await expect.poll(reportedOpens, { timeout: 10_000 }).toBe(5);
    await opens('acme', '1.5.0', 'shown', 5);
    // The figures show what staff saw; the guard counts acme's engineer alone.
    expect((await health()).modules[0]).toMatchObject({ pilot: { opens: 10, failures: 5 }, counted: { pilot: { opens: 5, failures: 0, users: 1 } } });
  });

  it("keeps a customer taken out of the pilot from passing its failures of the pilot's bundle to everyone else's", async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release, { customers: ['acme', 'globex'], guard });
    await opens('globex', '1.5.0', 'render-failed', 20);
    // globex leaves the pilot (the bundle broke for it); its failures of 1.5.0 are no longer anyone's control.
    await startPilot(release, { customers: ['acme'], guard });
    await opens('globex', null, 'shown', 20);
    expect((await health()).modules[0]).toMatchObject({
      control: { opens: 20, failures: 0 },
      counted: { control: { opens: 20, failures: 0, users: 4 } },
    });
  });

  it('without a guard behaves as before: shown failing, never ended', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release, {});
    await opens('acme', '1.5.0', 'render-failed', 20);
    expect(await health()).toMatchObject({ pilot: { guard: null }, modules: [{ verdict: 'failing' }] });
    expect(await pilotGuard.check()).toBe(false);
    expect(releases.state().pilot?.release).toBe(release);
  });

  it('started again keeps its start, and takes the guard the step names', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    const first = (await health()).pilot!;
    await startPilot(release, { guard: { maxErrorRate: 0.1, minOpens: 50 } });
    expect((await health()).pilot).toEqual({ ...first, guard: { maxErrorRate: 0.1, minOpens: 50 } });
  });

  it('refuses a guard out of bounds', async () => {
    const release = await releaseNaming('1.5.0');
    for (const bad of [{ maxErrorRate: 0, minOpens: 20 }, { maxErrorRate: 0.05, minOpens: 1 }, { maxErrorRate: 0.05 }, { ...guard, window: 5 }]) {
      const res = await ask('PUT', '/api/v1/admin/releases/pilot', { release, customers: ['acme'], reason: 'try', guard: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(releases.state().pilot).toBeNull();
  });
});

describe("a module's health", () => {
  it('gives each bundle version its own figures, newest first, for staff', async () => {
    const release = await releaseNaming('1.5.0');
    await startPilot(release);
    await opens('globex', null, 'shown', 3);
    await opens('acme', '1.5.0', 'render-failed', 2);
    const res = await ask('GET', '/api/v1/admin/modules/lcc/health?hours=1');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ModuleHealth;
    expect(body.versions.map((v) => [v.bundleVersion, v.health.opens, v.health.failures])).toEqual(
      expect.arrayContaining([
        ['1.5.0', 2, 2],
        [null, 3, 0],
      ]),
    );
    expect(body.versions).toHaveLength(2);
    expect((await ask('GET', '/api/v1/admin/modules/nosuch/health')).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/v1/admin/modules/lcc/health', headers: bearer(acme) })).statusCode).toBe(403);
  });
});
