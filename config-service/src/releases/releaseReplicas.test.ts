// Manifest releases across replicas. Two service processes on one PostgreSQL server, as
// behind a load balancer: a release activated through one is served by the other within a second,
// no answer ever mixes two releases, a replica started later serves the active release at once, many
// activations on one base let exactly one through, and a replica killed mid-activation comes back on
// the active release.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Release, ReleaseAuditPage, ReleaseFiles, ReleaseList, UserManifest } from '@platform/schemas';
import { freshPostgresDatabase } from '../testing/freshPostgresDatabase.ts';
import { idToken, startService, type ServiceProcess } from '../testing/serviceProcess.ts';
import { bearer } from '../testing/signedRequest.ts';

// As production runs: the store alone is served; writes are not rate-limited for one fast operator.
const env = { MANIFEST_SOURCE: 'store', RATE_LIMIT_ADMIN_WRITES: '0' };
const started: ServiceProcess[] = [];
const start = async (databaseUrl: string) => {
  const service = await startService({ databaseUrl, env });
  started.push(service);
  return service;
};

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let a: ServiceProcess;
let b: ServiceProcess;
let staffA: string;
let engineerB: string;
let original: Release;
/** The notifications page's title in each release published here: how an answer shows its release. */
const titles = new Map<string, string>();

const call = async <T>(service: ServiceProcess, token: string, path: string, init: { method?: string; body?: unknown; ifMatch?: string } = {}) => {
  const res = await fetch(`${service.base}${path}`, {
    method: init.method ?? 'GET',
    headers: bearer(token, { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.ifMatch ? { 'if-match': init.ifMatch } : {}) }),
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
};
const notificationsTitle = (m: UserManifest) => m.dash.routes.find((r) => r.fullPath === '/notifications')?.title;

async function publish(title: string): Promise<Release> {
  // biome-ignore lint/suspicious/noExplicitAny: release files are any JSON; the edit reaches into them freely
  const files = structuredClone(original.files) as Record<string, any>;
  files['dash.json'].routes.find((r: { path: string }) => r.path === 'notifications').title = title;
  const { status, body } = await call<Release>(a, staffA, '/api/v1/admin/releases', {
    method: 'POST',
    body: { files: files as ReleaseFiles, reason: `title ${title}` },
  });
  expect([200, 201]).toContain(status);
  titles.set(body.id, title);
  return body;
}
const activeOf = async (service: ServiceProcess, token: string) => (await call<ReleaseList>(service, token, '/api/v1/admin/releases?limit=1')).body.active;

beforeAll(async () => {
  database = await freshPostgresDatabase(inject('postgresUrl'));
  // Started together on an empty database: both seed it from the folder, and it holds one release.
  [a, b] = await Promise.all([start(database.url), start(database.url)]);
  [staffA, engineerB] = [await idToken(a, 'staff@demo.local'), await idToken(b, 'engineer@acme.example')];
  const list = (await call<ReleaseList>(a, staffA, '/api/v1/admin/releases')).body;
  expect(list.releases).toHaveLength(1);
  original = (await call<Release>(a, staffA, `/api/v1/admin/releases/${list.active}`)).body;
  titles.set(original.id, 'Notifications');
}, 120_000);
afterAll(async () => {
  for (const service of started) if (service.process.exitCode === null && service.process.signalCode === null) service.process.kill('SIGKILL');
  // Waits for the exits and removes the data folders startService made.
  await Promise.all(started.map((service) => service.stop()));
  await database?.drop();
}, 30_000);

describe('releases on two replicas', () => {
  it('serves a release activated through one replica from the other within a second, never a mixture', async () => {
    const next = await publish('Alerts');
    // B is asked all along; every answer's content must be its version's.
    let polling = true;
    const answers: { version: string; title: string | undefined; at: number }[] = [];
    const poller = (async () => {
      while (polling) {
        const { body } = await call<UserManifest>(b, engineerB, '/api/v1/manifest');
        answers.push({ version: body.version, title: notificationsTitle(body), at: Date.now() });
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const activatedAt = Date.now();
    const res = await call(a, staffA, '/api/v1/admin/releases/active', {
      method: 'PUT',
      body: { release: next.id, reason: 'replicas' },
      ifMatch: `"${original.id}"`,
    });
    expect(res.status).toBe(200);
    await expect.poll(() => answers.at(-1)?.version, { timeout: 5_000, interval: 20 }).toBe(next.id);
    polling = false;
    await poller;
    const firstNew = answers.find((x) => x.version === next.id)!;
    expect(firstNew.at - activatedAt).toBeLessThan(1_000);
    expect(answers.filter((x) => titles.get(x.version) !== x.title)).toEqual([]);
    // Once B served the new release it never went back.
    expect(answers.slice(answers.indexOf(firstNew)).every((x) => x.version === next.id)).toBe(true);
  }, 30_000);

  it('lets exactly one of 50 concurrent activations on one base win, on both replicas, with one audit entry', async () => {
    const base = await activeOf(a, staffA);
    const candidates: Release[] = [];
    for (let i = 0; i < 5; i++) candidates.push(await publish(`Race ${i}`));
    const staffB = await idToken(b, 'staff@demo.local');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const [service, token] = i % 2 ? [b, staffB] : [a, staffA];
        return call(service, token, '/api/v1/admin/releases/active', {
          method: 'PUT',
          body: { release: candidates[i % candidates.length]!.id, reason: `race ${i}` },
          ifMatch: `"${base}"`,
        });
      }),
    );
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(49);
    const audit = (await call<ReleaseAuditPage>(a, staffA, '/api/v1/admin/releases/audit?limit=200')).body;
    expect(audit.entries.filter((e) => e.action === 'activate' && e.previous === base)).toHaveLength(1);
    const winner = await activeOf(a, staffA);
    await expect.poll(async () => (await call<UserManifest>(b, engineerB, '/api/v1/manifest')).body.version, { timeout: 5_000 }).toBe(winner);
  }, 60_000);

  it('serves the active release at once from a replica started after it changed', async () => {
    const active = await activeOf(a, staffA);
    const c = await start(database.url);
    const { body } = await call<UserManifest>(c, await idToken(c, 'engineer@acme.example'), '/api/v1/manifest');
    expect(body.version).toBe(active);
    expect(notificationsTitle(body)).toBe(titles.get(active));
    await c.stop();
  }, 60_000);

  it('brings a replica killed in the middle of activations back on the active release', async () => {
    const flips = [await publish('Flip 1'), await publish('Flip 2')];
    let acknowledged = 0;
    let killed = false;
    const flipping = (async () => {
      let current = await activeOf(a, staffA);
      for (let i = 0; !killed; i++) {
        const target = flips[i % 2]!.id === current ? flips[(i + 1) % 2]!.id : flips[i % 2]!.id;
        try {
          const res = await call(a, staffA, '/api/v1/admin/releases/active', {
            method: 'PUT',
            body: { release: target, reason: `flip ${i}` },
            ifMatch: `"${current}"`,
          });
          if (res.status === 200) [current, acknowledged] = [target, acknowledged + 1];
        } catch {
          return current; // the connection died with the process
        }
      }
      return current;
    })();
    await expect.poll(() => acknowledged, { timeout: 20_000, interval: 10 }).toBeGreaterThanOrEqual(10);
    // Waited for from before the kill: once it has exited, 'exit' is not emitted again.
    const exited = new Promise((resolve) => a.process.once('exit', resolve));
    a.process.kill('SIGKILL');
    killed = true;
    const lastAcknowledged = await flipping;
    await exited;

    a = await start(database.url);
    staffA = await idToken(a, 'staff@demo.local');
    const active = await activeOf(a, staffA);
    // The last acknowledged activation is in the store (one sent and killed unanswered may be too).
    expect(flips.map((f) => f.id)).toContain(active);
    const audit = (await call<ReleaseAuditPage>(a, staffA, '/api/v1/admin/releases/audit?limit=1')).body.entries[0]!;
    expect(audit.release).toBe(active);
    if (active !== lastAcknowledged) expect(audit.previous).toBe(lastAcknowledged);
    // Both replicas serve it: the restarted one at once, the other by its notification.
    const engineerA = await idToken(a, 'engineer@acme.example');
    expect((await call<UserManifest>(a, engineerA, '/api/v1/manifest')).body.version).toBe(active);
    await expect.poll(async () => (await call<UserManifest>(b, engineerB, '/api/v1/manifest')).body.version, { timeout: 5_000 }).toBe(active);
  }, 90_000);
});
