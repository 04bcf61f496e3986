// Logs: a request id on every request's lines (the caller's X-Request-Id when usable, echoed in the
// answer), one access line a request (a request its client abandoned included), and no token, password or secret in any line, whatever the
// request carried.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { loggableDatabaseUrl, loggableUrl, loggerOptions, requestIdOptions } from './loggerOptions.ts';
import { bearer } from '../testing/signedRequest.ts';

const SECRET = 'S3cret-Value-Nobody-May-Log';
const lines: string[] = [];
let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ logger: loggerOptions({ level: 'trace', pretty: false, stream: { write: (line) => void lines.push(line) } }) });
});
afterAll(() => apps.close());

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request ids', () => {
  it("uses the caller's X-Request-Id on every line of the request, and echoes it", async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/api/v1/config', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a.42');
    const own = logged().filter((l) => l.requestId === 'lb-7f3a.42');
    expect(own.length).toBeGreaterThanOrEqual(1);
    expect(
      logged()
        .filter((l) => l.req !== undefined || l.res !== undefined)
        .every((l) => l.requestId === 'lb-7f3a.42'),
    ).toBe(true);
  });

  it('makes its own id when none is sent or the one sent is unfit to log', async () => {
    for (const sent of [undefined, 'x'.repeat(200), 'two words', 'line\\nbreak', '']) {
      const res = await app.inject({ url: '/api/v1/config', headers: sent === undefined ? {} : { 'x-request-id': sent } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives problem answers the id too, so a user can quote it', async () => {
    lines.length = 0;
    const res = await app.inject({ url: '/api/v1/manifest', headers: { 'x-request-id': 'quote-me' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-request-id']).toBe('quote-me');
    // The refusal's own line and the access line, both under the id.
    expect(
      logged()
        .filter((l) => l.requestId === 'quote-me')
        .map((l) => l.msg),
    ).toEqual(['request refused', 'request completed']);
  });
});

describe('access lines', () => {
  it('writes one line per request, after the answer: method, path, status, time and id', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/v1/config?x=1', headers: { 'x-request-id': 'one-line' } });
    const own = logged().filter((l) => l.requestId === 'one-line');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/v1/config?x=1' }, res: { statusCode: 200 } });
    expect(own[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('names who asked (sub) and for which customer: staff by X-Customer-Id, anyone else their own', async () => {
    lines.length = 0;
    const staff = sign(claims({ sub: 'staff-sub-1', 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    const engineer = sign(claims({ sub: 'engineer-sub-1', 'custom:auth': JSON.stringify({ role: 'customer', customerId: 'acme', modules: ['mr'] }) }));
    const asked = [
      { id: 'staff-for-globex', headers: bearer(staff, { 'x-customer-id': 'globex' }) },
      { id: 'staff-for-none', headers: bearer(staff) },
      { id: 'staff-bad-header', headers: bearer(staff, { 'x-customer-id': 'Not A Customer' }) },
      { id: 'engineer-stale-header', headers: bearer(engineer, { 'x-customer-id': 'globex' }) },
      { id: 'stranger', headers: { authorization: 'Bearer nonsense' } },
    ];
    for (const { id, headers } of asked) await app.inject({ url: '/api/v1/manifest', headers: { ...headers, 'x-request-id': id } });
    const access = (id: string) => logged().find((l) => l.requestId === id && l.msg === 'request completed');
    expect(access('staff-for-globex')).toMatchObject({ sub: 'staff-sub-1', customerId: 'globex', res: { statusCode: 200 } });
    expect(access('staff-for-none')).toMatchObject({ sub: 'staff-sub-1' });
    expect(access('staff-for-none')).not.toHaveProperty('customerId');
    // Refused 400: the header was never in effect, and its text is not copied into the line.
    expect(access('staff-bad-header')).toMatchObject({ sub: 'staff-sub-1', res: { statusCode: 400 } });
    expect(access('staff-bad-header')).not.toHaveProperty('customerId');
    expect(access('engineer-stale-header')).toMatchObject({ sub: 'engineer-sub-1', customerId: 'acme' });
    expect(access('stranger')).toMatchObject({ res: { statusCode: 401 } });
    expect(access('stranger')).not.toHaveProperty('sub');
  });

  it('gives an unknown path one line too, with its 404', async () => {
    lines.length = 0;
    await app.inject({ url: '/api/v1/no-such-thing', headers: { 'x-request-id': 'not-found' } });
    const own = logged().filter((l) => l.requestId === 'not-found');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ req: { url: '/api/v1/no-such-thing' }, res: { statusCode: 404 } });
  });

  it('writes a line for a request its client abandoned before the answer: aborted, the time, who, method and path', async () => {
    const own: string[] = [];
    const served = await apps.app({ logger: loggerOptions({ level: 'info', pretty: false, stream: { write: (line) => void own.push(line) } }) });
    // A route that works on after its client has gone, until the test lets it answer.
    let started!: () => void;
    const working = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    served.get('/test/slow', { onRequest: served.authenticate }, async () => {
      started();
      await finished;
      return { done: true };
    });
    await served.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect((served.server.address() as AddressInfo).port, '127.0.0.1');
    socket.on('error', () => undefined);
    const staff = sign(claims({ sub: 'staff-who-left', 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
    socket.write(`GET /test/slow?page=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${staff}\r\nX-Request-Id: walked-away\r\n\r\n`);
    await working;
    socket.destroy();
    const line = () => own.map((text) => JSON.parse(text) as Record<string, unknown>).find((l) => l.requestId === 'walked-away');
    await expect.poll(line).toBeDefined();
    finish();
    expect(line()).toMatchObject({ level: 30, msg: 'request aborted', aborted: true, sub: 'staff-who-left', req: { method: 'GET', url: '/test/slow?page=2' } });
    expect(line()!.responseTime).toEqual(expect.any(Number));
    expect(line()).not.toHaveProperty('res');
  });

  it('writes no access line at a level above info, and still writes errors', async () => {
    const quiet: string[] = [];
    const warnApp = await apps.app({ logger: loggerOptions({ level: 'warn', pretty: false, stream: { write: (line) => void quiet.push(line) } }) });
    await warnApp.inject({ url: '/api/v1/config', headers: { 'x-request-id': 'quiet' } });
    // An info line of the request itself (a refusal) is not written either.
    await warnApp.inject({ url: '/api/v1/manifest', headers: { 'x-request-id': 'quiet' } });
    expect(quiet.filter((line) => line.includes('"quiet"'))).toEqual([]);
  });

  it('serves as before without a logger at all', async () => {
    const silent = Fastify({ logger: false, ...requestIdOptions });
    silent.get('/logs', (request) => {
      request.log.warn('nowhere');
      return 'ok';
    });
    silent.get('/fails', () => {
      throw new Error('broken');
    });
    expect((await silent.inject({ url: '/logs' })).statusCode).toBe(200);
    expect((await silent.inject({ url: '/fails' })).statusCode).toBe(500);
    expect((await silent.inject({ url: '/nothing-here' })).statusCode).toBe(404);
    await silent.close();
  });

  it("writes a request's own lines at a written level under its id, and its child loggers' too", async () => {
    const written: string[] = [];
    const bare = Fastify({
      logger: loggerOptions({ level: 'warn', pretty: false, stream: { write: (line) => void written.push(line) } }),
      ...requestIdOptions,
    });
    bare.get('/warns', (request) => {
      request.log.info('not written');
      request.log.warn('a warning');
      request.log.child({ part: 'inner' }).error('an error');
      return 'ok';
    });
    await bare.inject({ url: '/warns', headers: { 'x-request-id': 'mine' } });
    await bare.close();
    expect(written.map((line) => JSON.parse(line) as Record<string, unknown>)).toMatchObject([
      { requestId: 'mine', msg: 'a warning', level: 40 },
      { requestId: 'mine', part: 'inner', msg: 'an error', level: 50 },
    ]);
  });
});

describe('nothing secret in the logs', () => {
  it('never writes a token, password or secret, whatever the requests carried', async () => {
    lines.length = 0;
    const valid = staffToken();
    const secretToken = sign(claims({ padding: SECRET }));
    const requests = [
      { url: '/api/v1/manifest', headers: bearer(valid) },
      { url: '/api/v1/manifest', headers: bearer(secretToken) },
      { url: '/api/v1/manifest', headers: bearer(SECRET) },
      { url: '/api/v1/manifest', headers: bearer(`${valid}x`) },
      { url: `/api/v1/config?code=${SECRET}&state=${SECRET}&id_token=${SECRET}&signature=${SECRET}`, headers: {} },
      { url: `/no-such-route?token=${SECRET}`, headers: { cookie: `session=${SECRET}` } },
      {
        method: 'POST' as const,
        url: '/api/v1/admin/preview',
        headers: bearer(valid, { 'content-type': 'application/json' }),
        payload: `{"password":"${SECRET}", "claims": `,
      },
      {
        method: 'POST' as const,
        url: '/api/v1/admin/preview',
        headers: bearer(valid, { 'content-type': 'application/json' }),
        payload: JSON.stringify({ password: SECRET, claims: { role: SECRET } }),
      },
      {
        method: 'PUT' as const,
        url: '/api/v1/customers/acme/modules/mr',
        headers: bearer(valid, { 'if-match': '"0"', 'content-type': 'application/json' }),
        payload: `{"enabled": true, "reason": "${SECRET}`,
      },
    ];
    for (const request of requests) await app.inject(request);
    // The requests were logged (so the check below looks at something) ...
    expect(lines.length).toBeGreaterThanOrEqual(requests.length);
    expect(lines.join('\n')).toContain('/api/v1/config?code=[Redacted]');
    // ... and no line holds the secret or any part of a token.
    const leaks = lines.filter((line) => line.includes(SECRET) || line.includes(valid.split('.')[2]!) || line.includes(secretToken.split('.')[1]!));
    expect(leaks).toEqual([]);
  });
});

describe('loggableUrl', () => {
  it('replaces the values of credential-bearing parameters and keeps the rest', () => {
    expect(loggableUrl('/oauth2/authorize?client_id=web&code=abc&redirect_uri=%2Fx&STATE=s')).toBe(
      '/oauth2/authorize?client_id=web&code=[Redacted]&redirect_uri=%2Fx&STATE=[Redacted]',
    );
    expect(loggableUrl('/plain/path')).toBe('/plain/path');
    expect(loggableUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
  });
});

describe('loggableDatabaseUrl', () => {
  it('keeps the server and database of a connection string and nothing that may hold a password', () => {
    const secret = 'Pg-S3cret';
    for (const url of [
      `postgres://app:${secret}@db:5432/platform`,
      `postgres://:${secret}@db:5432/platform`,
      `postgres://app:${secret.slice(0, 3)}@${secret.slice(3)}@db:5432/platform`,
      `postgres://app@db:5432/platform?password=${secret}`,
      `postgres://app@db:5432/platform?sslmode=require&sslpassword=${secret}`,
    ]) {
      const shown = loggableDatabaseUrl(url);
      expect(shown, url).not.toContain(secret.slice(3));
      expect(shown, url).toBe('postgres://db:5432/platform');
    }
    expect(loggableDatabaseUrl(`postgresql://app:${secret}@[::1]:5433/x`)).toBe('postgresql://[::1]:5433/x');
    expect(loggableDatabaseUrl(`postgres://app:${secret}@db:99999/x`)).not.toContain(secret);
  });
});
