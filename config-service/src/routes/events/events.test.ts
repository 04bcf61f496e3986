import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { CustomerModules } from '../../customers/customerModules.ts';
import { ManifestFolder } from '../../manifests/manifestFolder.ts';
import type { ManifestReleases } from '../../releases/manifestReleases.ts';
import { claims, reloadFolder, ROUTE_MANIFESTS, sign, startTestApps, tokenFor, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';
import { tempFolders } from '../../testing/tempFolders.ts';

const tempFolder = tempFolders();

let apps: TestApps;
let app: FastifyInstance;
let base: string;
let modules: CustomerModules;
let folder: ManifestFolder;
let releases: ManifestReleases;
let manifestsDir: string;

beforeAll(async () => {
  apps = await startTestApps();
  manifestsDir = tempFolder('events-manifests-');
  cpSync(ROUTE_MANIFESTS, manifestsDir, { recursive: true });
  folder = new ManifestFolder(manifestsDir);
  // Files mode, as while developing: an edit of the folder is published and served.
  ({ releases, customerModules: modules } = await apps.served(folder, 'files'));
  app = await apps.app({ releases, customerModules: modules });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => apps.close());

interface Stream {
  response: IncomingMessage;
  events: { event: string; data: unknown }[];
  /** Everything that arrived: a refusal's problem document, the stream's comments. */
  text(): string;
  close(): void;
}

/** Opens the event stream as the browser does, collecting events as they arrive. */
function openStream(token: string | undefined, headers: Record<string, string> = {}, at = base): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${at}/api/v1/events`, { headers: { ...(token ? bearer(token) : {}), ...headers } }, (response) => {
      const events: Stream['events'] = [];
      let buffer = '';
      let all = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        all += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event) events.push({ event, data: data ? JSON.parse(data) : undefined });
        }
      });
      resolve({ response, events, text: () => all, close: () => req.destroy() });
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
}

const ended = (stream: Stream) => new Promise<void>((resolve) => (stream.response.readableEnded ? resolve() : stream.response.once('end', resolve)));

/** A sample of `app`'s /metrics, as the operator's scraper reads it. */
async function metricOf(app: FastifyInstance, name: string, label: string): Promise<number> {
  const text = (await app.inject({ url: '/metrics' })).body;
  return Number(new RegExp(`^${name}${label ? `\\{${label}\\}` : ''} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
}

const switchOff = async (customerId: string, moduleKey: string) => {
  const current = (await modules.modulesOf(customerId)).find((m) => m.key === moduleKey)!;
  await modules.setModule({
    customerId,
    moduleKey,
    enabled: !current.enabled,
    reason: 'test',
    expectedVersion: current.version,
    actor: { sub: 'op', email: 'op@test' },
  });
};

describe('GET /api/v1/events', () => {
  it("tells a customer's users when its switches change, and nobody else", async () => {
    const acme = await openStream(sign(claims()));
    const globex = await openStream(tokenFor({ role: 'customer', customerId: 'globex', modules: [] }));
    expect(acme.response.headers['content-type']).toMatch(/^text\/event-stream/);
    await expect.poll(() => acme.events.map((e) => e.event)).toEqual(['ready']);
    await switchOff('acme', 'lcc');
    await expect.poll(() => acme.events.map((e) => e.event)).toEqual(['ready', 'modules']);
    expect(acme.events[1]!.data).toEqual({ customerId: 'acme' });
    // A stream's events arrive in order: had acme's change reached globex, it would come before globex's own.
    await switchOff('globex', 'lcc');
    await expect.poll(() => globex.events.map((e) => e.event)).toEqual(['ready', 'modules']);
    expect(globex.events[1]!.data).toEqual({ customerId: 'globex' });
    acme.close();
    globex.close();
  });

  it('tells staff of every customer, naming it, so their settings screens follow other operators', async () => {
    const staff = await openStream(staffToken(), { 'x-customer-id': 'globex' });
    await expect.poll(() => staff.events.map((e) => e.event)).toEqual(['ready']);
    expect(staff.events[0]!.data).toEqual({ customerId: 'globex' });
    await switchOff('acme', 'mr');
    await switchOff('globex', 'mr');
    await expect.poll(() => staff.events.map((e) => e.data)).toEqual([{ customerId: 'globex' }, { customerId: 'acme' }, { customerId: 'globex' }]);
    staff.close();
  });

  it("ignores a customer user's X-Customer-Id naming another customer", async () => {
    const acme = await openStream(sign(claims()), { 'x-customer-id': 'globex' });
    await expect.poll(() => acme.events.map((e) => e.data)).toEqual([{ customerId: 'acme' }]);
    await switchOff('globex', 'lb');
    // Then one of its own: in order, globex's would have come first.
    await switchOff('acme', 'lb');
    await expect.poll(() => acme.events.map((e) => e.data)).toEqual([{ customerId: 'acme' }, { customerId: 'acme' }]);
    acme.close();
  });

  it('lets go of a closed stream', async () => {
    // The earlier tests' streams are closed by now.
    await expect.poll(() => modules.listenerCount('change')).toBe(0);
    const stream = await openStream(sign(claims()));
    await expect.poll(() => [modules.listenerCount('change'), modules.listenerCount('missed'), releases.listenerCount('reload')]).toEqual([1, 1, 1]);
    stream.close();
    await expect.poll(() => [modules.listenerCount('change'), modules.listenerCount('missed'), releases.listenerCount('reload')]).toEqual([0, 0, 0]);
  });

  it('tells every open page when the manifest set is reloaded', async () => {
    const stream = await openStream(sign(claims()));
    const file = join(manifestsDir, 'lb.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), name: 'Leaders' }, null, 2));
    expect((await reloadFolder(folder, releases)).kind).toBe('loaded');
    await expect.poll(() => stream.events.map((e) => e.event)).toEqual(['ready', 'manifests']);
    expect(stream.events[1]!.data).toEqual({ version: releases.current().release });
    stream.close();
  });

  it('refuses anyone but staff whose sign-in names no customer 403 problem+json, not a stream of nothing', async () => {
    const without = [tokenFor({ role: 'customer', modules: ['mr'] }), sign(claims({ 'custom:auth': undefined }))];
    for (const token of without) {
      const res = await openStream(token, { 'x-customer-id': 'acme' });
      expect(res.response.statusCode).toBe(403);
      expect(res.response.headers['content-type']).toMatch(/^application\/problem\+json/);
      await ended(res);
      expect(JSON.parse(res.text())).toMatchObject({ code: 'CFG_ERR_FORBIDDEN' });
    }
    // Staff who chose no customer still hear of releases and of every customer's switches.
    const staff = await openStream(staffToken());
    expect(staff.response.statusCode).toBe(200);
    staff.close();
  });

  it('answers a request without a valid token 401 problem+json, not a stream', async () => {
    const stream = await openStream(undefined);
    expect(stream.response.statusCode).toBe(401);
    expect(stream.response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('ends a stream when its token expires, so the page reconnects with a fresh one', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stream = await openStream(sign(claims({ iat: now - 3598, exp: now + 2 })));
    const ended = new Promise((resolve) => stream.response.on('end', resolve));
    await expect(ended).resolves.toBeUndefined();
  });

  it('does not hold up closing the service', async () => {
    const other = await apps.app({ releases, customerModules: modules });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}/api/v1/events`;
    await new Promise<void>((resolve) => httpRequest(url, { headers: bearer(sign(claims())) }, () => resolve()).end());
    // With the stream left open, close() would wait for the browser for ever and the test time out.
    await expect(other.close()).resolves.toBeUndefined();
  });
});

describe('GET /api/v1/events, bounded', () => {
  let limited: FastifyInstance;
  let at: string;
  const user = (sub: string) => sign(claims({ sub, 'custom:auth': JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['mr'] }) }));
  const metric = (name: string, label: string) => metricOf(limited, name, label);

  beforeAll(async () => {
    limited = await apps.app({ releases, customerModules: modules, streamLimits: { perUser: 2, perCustomer: 0, perProcess: 3, idleMs: 1_500 } });
    await limited.listen({ port: 0, host: '127.0.0.1' });
    at = `http://127.0.0.1:${(limited.server.address() as AddressInfo).port}`;
  });

  it("refuses a user's stream over their limit with 429 problem+json and Retry-After, and takes it again once one closes", async () => {
    const [first, second] = [await openStream(user('u-1'), {}, at), await openStream(user('u-1'), {}, at)];
    const third = await openStream(user('u-1'), {}, at);
    expect(third.response.statusCode).toBe(429);
    expect(third.response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(third.response.headers['retry-after']).toBe('30');
    await ended(third);
    expect(JSON.parse(third.text())).toMatchObject({ status: 429, code: 'CFG_ERR_RATE_LIMITED', limit: 'user' });
    // Another user is not held to this one's limit.
    const other = await openStream(user('u-2'), {}, at);
    expect(other.response.statusCode).toBe(200);
    first.close();
    await expect
      .poll(
        async () =>
          await openStream(user('u-1'), {}, at).then((s) => {
            s.close();
            return s.response.statusCode;
          }),
      )
      .toBe(200);
    for (const stream of [second, other]) stream.close();
    expect(await metric('config_event_streams_refused_total', 'limit="user"')).toBeGreaterThanOrEqual(1);
    expect(await metric('config_event_stream_limit', 'limit="user"')).toBe(2);
  });

  it("refuses a customer's stream over its limit with 429, its users and staff acting for it together; others are not held to it", async () => {
    const perCustomer = await apps.app({ releases, customerModules: modules, streamLimits: { perUser: 0, perCustomer: 2, perProcess: 0, idleMs: 0 } });
    await perCustomer.listen({ port: 0, host: '127.0.0.1' });
    const there = `http://127.0.0.1:${(perCustomer.server.address() as AddressInfo).port}`;
    const staffFor = (customer?: string) => openStream(staffToken(), customer ? { 'x-customer-id': customer } : {}, there);
    const open = [await openStream(user('c-1'), {}, there), await staffFor('acme')];
    expect(open.map((s) => s.response.statusCode)).toEqual([200, 200]);
    for (const refused of [await openStream(user('c-2'), {}, there), await staffFor('acme')]) {
      expect(refused.response.statusCode).toBe(429);
      expect(refused.response.headers['retry-after']).toBe('30');
      await ended(refused);
      expect(JSON.parse(refused.text())).toMatchObject({ code: 'CFG_ERR_RATE_LIMITED', limit: 'customer' });
    }
    // Another customer, and staff acting for none, are not acme's to count.
    const others = [await openStream(tokenFor({ role: 'customer', customerId: 'globex', modules: ['mr'] }), {}, there), await staffFor()];
    expect(others.map((s) => s.response.statusCode)).toEqual([200, 200]);
    open[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(user('c-2'), {}, there);
        again.close();
        return again.response.statusCode;
      })
      .toBe(200);
    for (const stream of [...open, ...others]) stream.close();
    expect(await metricOf(perCustomer, 'config_event_stream_limit', 'limit="customer"')).toBe(2);
    await perCustomer.close();
  });

  it('refuses a stream over the process limit with 503 and Retry-After, whoever asks', async () => {
    await expect.poll(async () => metric('config_event_streams_open', '')).toBe(0);
    const open = [await openStream(user('p-1'), {}, at), await openStream(user('p-2'), {}, at), await openStream(user('p-3'), {}, at)];
    const fourth = await openStream(user('p-4'), {}, at);
    expect(fourth.response.statusCode).toBe(503);
    expect(fourth.response.headers['retry-after']).toBe('30');
    await ended(fourth);
    expect(JSON.parse(fourth.text())).toMatchObject({ status: 503, code: 'CFG_ERR_UNAVAILABLE' });
    for (const stream of open) stream.close();
  });

  it('closes a stream that carried no event for the idle time, telling the page to come back at once; an event keeps it open', async () => {
    await expect.poll(async () => metric('config_event_streams_open', '')).toBe(0);
    const quiet = await openStream(user('i-1'), {}, at);
    const busy = await openStream(tokenFor({ role: 'customer', customerId: 'acme', modules: ['mr'] }), {}, at);
    // Events every 300 ms keep the second one open past the idle time of the first.
    for (let i = 0; i < 7; i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await switchOff('acme', 'lcc');
    }
    await ended(quiet);
    expect(quiet.text()).toMatch(/: idle\nretry: 500\n\n$/);
    expect(busy.response.readableEnded).toBe(false);
    busy.close();
    expect(await metric('config_event_streams_closed_total', 'reason="idle"')).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/v1/events, a client that stops reading', () => {
  let app: FastifyInstance;
  let at: string;
  const open = () => metricOf(app, 'config_event_streams_open', '');

  beforeAll(async () => {
    // Heartbeats every 100 ms instead of 20 s: the stalled check runs with each.
    app = await apps.app({ releases, customerModules: modules, eventHeartbeatMs: 100 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    at = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('keeps the stream of a page that reads, and closes it once more than 64 KB lie unread', async () => {
    const stream = await openStream(sign(claims()), {}, at);
    await expect.poll(() => stream.text().match(/^: keep-alive$/gm)?.length ?? 0).toBeGreaterThanOrEqual(3);
    expect(await open()).toBe(1);

    stream.response.pause();
    // What piles up meanwhile: a resync for each lost database notification. The kernel's socket
    // buffers take their fill first (megabytes on loopback), so send until the service gives up on it.
    await expect
      .poll(
        async () => {
          for (let i = 0; i < 20_000; i++) modules.emit('missed');
          return open();
        },
        { timeout: 8_000, interval: 100 },
      )
      .toBe(0);
    expect(await metricOf(app, 'config_event_streams_closed_total', 'reason="stalled"')).toBe(1);
    expect([modules.listenerCount('change'), modules.listenerCount('missed')]).toEqual([0, 0]);

    // Reading again, the page finds its stream ended, and reconnects. (Read without parsing: megabytes of resyncs.)
    stream.response.removeAllListeners('data');
    stream.response.resume();
    await ended(stream);
  }, 10_000);
});
