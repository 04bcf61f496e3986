import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationReads } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({});
}, 60_000);
afterAll(() => apps.close());

// Two sign-ins of one user (two devices): same sub, different tokens.
const laptop = sign(claims({ sub: 'dana', email: 'dana@acme.example', iat: Math.floor(Date.now() / 1000) - 60 }));
const phone = sign(claims({ sub: 'dana', email: 'dana@acme.example' }));
const colleague = sign(claims({ sub: 'erin' }));
const staff = staffToken();

const readBy = async (token: string) => {
  const res = await app.inject({ url: '/api/v1/notifications/read', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as NotificationReads).ids;
};
const mark = (token: string, ids: unknown) =>
  app.inject({ method: 'PUT', url: '/api/v1/notifications/read', headers: bearer(token), payload: { ids } as object });

describe('notification read marks', () => {
  it("are the user's on every device, and nobody else's", async () => {
    expect(laptop).not.toBe(phone);
    expect(await readBy(phone)).toEqual([]);
    const marked = await mark(laptop, ['n-acme-1', 'n-acme-2']);
    expect(marked.statusCode).toBe(204);
    expect((await readBy(phone)).sort()).toEqual(['n-acme-1', 'n-acme-2']);
    expect(await readBy(colleague)).toEqual([]);
    expect(await readBy(staff)).toEqual([]);
  });

  it('are kept from no shared cache', async () => {
    const res = await app.inject({ url: '/api/v1/notifications/read', headers: bearer(phone) });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('are taken 100 at a time, unique, never empty, each a bounded id', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `n-${i}`);
    expect((await mark(colleague, ids(100))).statusCode).toBe(204);
    for (const bad of [ids(101), [], ['n-1', 'n-1'], [''], ['x'.repeat(201)], [7]]) {
      const res = await mark(colleague, bad);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expect(await readBy(colleague)).toHaveLength(100);
  });

  it('need a signed-in user', async () => {
    expect((await app.inject({ url: '/api/v1/notifications/read' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/v1/notifications/read', payload: { ids: ['n-1'] } })).statusCode).toBe(401);
  });
});
