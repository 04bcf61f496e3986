import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ScreenReports } from '@platform/schemas';
import type { ScreenReportLimits } from './index.ts';
import { claims, sign, startTestApps, staffToken, type Served, type TestApps } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

let apps: TestApps;
let served: Served;
beforeAll(async () => {
  apps = await startTestApps();
  served = await apps.served(apps.folder);
}, 60_000);
afterAll(() => apps.close());

/** An app on this file's database whose reports are written every 20 ms. */
const appWith = (limits: Partial<ScreenReportLimits> = {}) =>
  apps.app({ ...served, screenReportLimits: { perUserPerMinute: 120, bufferRows: 1000, flushMs: 20, ...limits } });
type Event = ScreenReports['events'][number];
const report = (app: FastifyInstance, token: string, events: unknown[], customer?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/telemetry/screens',
    headers: bearer(token, customer ? { 'x-customer-id': customer } : {}),
    payload: { events },
  });
/** The database's figures of compiled-in screens by module and customer ('' for none), as they are now. */
async function figures() {
  const byKey: Record<string, { shown: number; failed: number; timed: number }> = {};
  const { rows } = await served.database.query<{ module_key: string; customer_id: string; shown: number; failed: number; timed: number }>(
    `select module_key, customer_id, sum(shown)::int as shown, sum(load_failed + render_failed)::int as failed,
       sum((select sum(n) from unnest(open_ms) as n))::int as timed
     from screen_reports where bundle_version = '' group by module_key, customer_id`,
  );
  for (const r of rows) byKey[`${r.module_key}/${r.customer_id}`] = { shown: r.shown, failed: r.failed, timed: r.timed };
  return byKey;
}
/** How the figures grow from now on: the tests share one database. */
async function growth() {
  const before = await figures();
  return async () => {
    const grown: Record<string, { shown: number; failed: number; timed: number }> = {};
    for (const [key, now] of Object.entries(await figures())) {
      const was = before[key] ?? { shown: 0, failed: 0, timed: 0 };
      const delta = { shown: now.shown - was.shown, failed: now.failed - was.failed, timed: now.timed - was.timed };
      if (delta.shown || delta.failed || delta.timed) grown[key] = delta;
    }
    return grown;
  };
}
const counted = async (app: FastifyInstance) =>
  Object.fromEntries((await app.metrics.registry.getSingleMetric('config_screen_reports_total')!.get()).values.map((v) => [String(v.labels.outcome), v.value]));

const acmeEngineer = sign(claims({ sub: 'erin' }));
const staff = staffToken();

describe('screen reports', () => {
  it('are answered 202 at once and added up in the database by the verified customer', async () => {
    const app = await appWith();
    const grown = await growth();
    const shown: Event = { moduleKey: 'hs', bundleVersion: null, kind: 'shown', openMs: 180 };
    const res = await report(app, acmeEngineer, [shown, shown, { ...shown, kind: 'render-failed' }, { ...shown, kind: 'load-failed', openMs: undefined }]);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    // Staff count for the customer they act for, or for none.
    expect((await report(app, staff, [shown], 'acme')).statusCode).toBe(202);
    expect((await report(app, staff, [shown])).statusCode).toBe(202);
    await expect.poll(grown, { timeout: 10_000 }).toEqual({
      'hs/acme': { shown: 3, failed: 2, timed: 3 },
      'hs/': { shown: 1, failed: 0, timed: 1 },
    });
  });

  it("count only screens the user is served: their modules, from their release's bundle version", async () => {
    const app = await appWith();
    const grown = await growth();
    const failed = (moduleKey: string, bundleVersion: string | null = null): Event => ({ moduleKey, bundleVersion, kind: 'load-failed' });
    // Erin's claims list mr, hs and lcc, all compiled in: another module, a bundle no release names, an unknown key are no screen of hers.
    const res = await report(app, acmeEngineer, [failed('lcc'), failed('ig'), failed('lcc', '6.6.6'), failed('qq'), failed('shell'), failed('dash')]);
    expect(res.statusCode).toBe(202);
    // Staff acting for nobody see every module.
    expect((await report(app, staff, [failed('ig')])).statusCode).toBe(202);
    await expect.poll(grown, { timeout: 10_000 }).toEqual({
      'lcc/acme': { shown: 0, failed: 1, timed: 0 },
      'shell/acme': { shown: 0, failed: 1, timed: 0 },
      'dash/acme': { shown: 0, failed: 1, timed: 0 },
      'ig/': { shown: 0, failed: 1, timed: 0 },
    });
    expect(await counted(app)).toMatchObject({ kept: 4, 'dropped-unserved': 3 });
  });

  it('keep a user to their budget a minute, dropping and counting the rest without an error', async () => {
    const app = await appWith({ perUserPerMinute: 120 });
    const user = sign(claims({ sub: 'budgeted' }));
    const grown = await growth();
    const events = Array.from({ length: 50 }, () => ({ moduleKey: 'hs', bundleVersion: null, kind: 'shown' }));
    for (let i = 0; i < 4; i++) expect((await report(app, user, events)).statusCode).toBe(202);
    // Another user's budget is their own.
    expect((await report(app, acmeEngineer, events.slice(0, 10))).statusCode).toBe(202);
    await expect.poll(async () => (await grown())['hs/acme']?.shown, { timeout: 10_000 }).toBe(130);
    expect(await counted(app)).toMatchObject({ kept: 130, 'dropped-user': 80 });
  });

  it('refuse a client far over its budget with 429 and Retry-After', async () => {
    const app = await appWith({ perUserPerMinute: 5 });
    const user = sign(claims({ sub: 'looping' }));
    const events = Array.from({ length: 50 }, () => ({ moduleKey: 'hs', bundleVersion: '1.0.0-loop', kind: 'shown' }));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await report(app, user, events)).statusCode);
    expect(statuses).toEqual([202, 202, 429, 429]);
    const refused = await report(app, user, events);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({ code: 'CFG_ERR_SCREEN_REPORTS_FLOOD' });
  });

  it('drop and count what does not fit the buffer', async () => {
    const app = await appWith({ bufferRows: 2, flushMs: 60_000 });
    const grown = await growth();
    const events = ['mr', 'hs', 'lcc'].map((moduleKey) => ({ moduleKey, bundleVersion: null, kind: 'shown' }));
    expect((await report(app, acmeEngineer, events)).statusCode).toBe(202);
    expect(await counted(app)).toMatchObject({ kept: 3, 'dropped-buffer': 1 });
    // What fitted is written when the app closes.
    await app.close();
    expect(await grown()).toEqual({ 'mr/acme': { shown: 1, failed: 0, timed: 0 }, 'hs/acme': { shown: 1, failed: 0, timed: 0 } });
  });

  it('are refused unless they fit the contract', async () => {
    const app = await appWith();
    const ok = { moduleKey: 'hs', bundleVersion: '1.0.0', kind: 'shown' };
    for (const events of [
      [],
      Array.from({ length: 51 }, () => ok),
      [{ ...ok, kind: 'clicked' }],
      [{ ...ok, moduleKey: 'HS' }],
      [{ ...ok, openMs: -1 }],
      [{ ...ok, customerId: 'globex' }],
      [{ moduleKey: 'hs', kind: 'shown' }],
    ]) {
      const res = await report(app, acmeEngineer, events);
      expect(res.statusCode, JSON.stringify(events[0])).toBe(400);
    }
    expect((await app.inject({ method: 'POST', url: '/api/v1/telemetry/screens', payload: { events: [ok] } })).statusCode).toBe(401);
  });
});
