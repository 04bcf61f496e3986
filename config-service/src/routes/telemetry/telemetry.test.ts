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
/** The database's figures of a bundle version, by customer ('' for none). */
const figures = async (version: string) => {
  const byCustomer: Record<string, { shown: number; failed: number; timed: number }> = {};
  const { rows } = await served.database.query<{ customer_id: string; shown: number; failed: number; timed: number }>(
    `select customer_id, sum(shown)::int as shown, sum(load_failed + render_failed)::int as failed,
       sum((select sum(n) from unnest(open_ms) as n))::int as timed
     from screen_reports where bundle_version = $1 group by customer_id`,
    [version],
  );
  for (const r of rows) byCustomer[r.customer_id] = { shown: r.shown, failed: r.failed, timed: r.timed };
  return byCustomer;
};
const counted = async (app: FastifyInstance) =>
  Object.fromEntries((await app.metrics.registry.getSingleMetric('config_screen_reports_total')!.get()).values.map((v) => [String(v.labels.outcome), v.value]));

const acmeEngineer = sign(claims({ sub: 'erin' }));
const staff = staffToken();

describe('screen reports', () => {
  it('are answered 202 at once and added up in the database by the verified customer', async () => {
    const app = await appWith();
    const shown: Event = { moduleKey: 'hs', bundleVersion: '1.0.0-added', kind: 'shown', openMs: 180 };
    const res = await report(app, acmeEngineer, [shown, shown, { ...shown, kind: 'render-failed' }, { ...shown, kind: 'load-failed', openMs: undefined }]);
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    // Staff count for the customer they act for, or for none.
    expect((await report(app, staff, [shown], 'acme')).statusCode).toBe(202);
    expect((await report(app, staff, [shown])).statusCode).toBe(202);
    await expect
      .poll(() => figures('1.0.0-added'), { timeout: 10_000 })
      .toEqual({
        acme: { shown: 3, failed: 2, timed: 3 },
        '': { shown: 1, failed: 0, timed: 1 },
      });
  });

  it('of compiled-in screens are kept apart from any bundle', async () => {
    const app = await appWith();
    expect((await report(app, acmeEngineer, [{ moduleKey: 'lcc', bundleVersion: null, kind: 'shown' }])).statusCode).toBe(202);
    await expect.poll(() => figures(''), { timeout: 10_000 }).toMatchObject({ acme: { shown: 1, failed: 0, timed: 0 } });
  });

  it('keep a user to their budget a minute, dropping and counting the rest without an error', async () => {
    const app = await appWith({ perUserPerMinute: 120 });
    const user = sign(claims({ sub: 'budgeted' }));
    const events = Array.from({ length: 50 }, () => ({ moduleKey: 'hs', bundleVersion: '1.0.0-budget', kind: 'shown' }));
    for (let i = 0; i < 4; i++) expect((await report(app, user, events)).statusCode).toBe(202);
    // Another user's budget is their own.
    expect((await report(app, acmeEngineer, events.slice(0, 10))).statusCode).toBe(202);
    await expect.poll(async () => (await figures('1.0.0-budget')).acme?.shown, { timeout: 10_000 }).toBe(130);
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
    const events = ['mr', 'hs', 'lcc'].map((moduleKey) => ({ moduleKey, bundleVersion: '1.0.0-full', kind: 'shown' }));
    expect((await report(app, acmeEngineer, events)).statusCode).toBe(202);
    expect(await counted(app)).toMatchObject({ kept: 3, 'dropped-buffer': 1 });
    // What fitted is written when the app closes.
    await app.close();
    expect(await figures('1.0.0-full')).toEqual({ acme: { shown: 2, failed: 0, timed: 0 } });
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
