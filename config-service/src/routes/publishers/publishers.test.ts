import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Publisher, PublisherList } from '@platform/schemas';
import { claims, sign, staffToken, startTestApps, tokenFor, type Served, type TestApps } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

const staff = staffToken();
const customer = tokenFor({ role: 'customer', customerId: 'acme', modules: ['lcc'] });
const body = (extra: Record<string, unknown> = {}) => ({
  issuer: 'https://token.actions.githubusercontent.com',
  audience: 'asset-platform',
  subject: `repo:acme/lcc-screens:environment:production-${Math.random().toString(36).slice(2, 8)}`,
  modules: ['lcc'],
  reason: 'lcc team publishes from CI',
  ...extra,
});

let apps: TestApps;
let local: FastifyInstance;
let production: FastifyInstance;
let served: Served;
beforeAll(async () => {
  apps = await startTestApps();
  served = await apps.served(apps.folder);
  local = await apps.app({ releases: served.releases, customerModules: served.customerModules });
  production = await apps.app({ environment: 'production' });
}, 60_000);
afterAll(() => apps.close());

const register = (payload: object, token = staff, on = local) =>
  on.inject({ method: 'POST', url: '/api/v1/admin/publishers', headers: bearer(token), payload });
const list = async (on = local) => (await on.inject({ url: '/api/v1/admin/publishers', headers: bearer(staff) })).json<PublisherList>().publishers;

describe('trusted publishers', () => {
  it('registers a publisher as the staff member acting, and lists it', async () => {
    const sent = body();
    const res = await register(sent);
    expect(res.statusCode).toBe(201);
    const created = res.json<Publisher>();
    expect(created).toMatchObject({
      issuer: sent.issuer,
      audience: sent.audience,
      subject: sent.subject,
      modules: ['lcc'],
      createdBy: { sub: 'user-1', email: 'erin@acme.example' },
    });
    expect(res.headers.location).toBe(`/api/v1/admin/publishers/${created.id}`);
    expect(await list()).toContainEqual(created);
  });

  it('refuses the same issuer, audience and subject twice (409)', async () => {
    const sent = body();
    expect((await register(sent)).statusCode).toBe(201);
    const again = await register(sent);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHER_EXISTS' });
  });

  it('refuses a second publisher of the same issuer and subject for another audience (409 naming the first)', async () => {
    const sent = body();
    const first = (await register(sent)).json<Publisher>();
    const again = await register({ ...sent, audience: 'another-audience', modules: ['hs'] });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHER_EXISTS', detail: expect.stringContaining(first.id) });
    expect((await list()).filter((publisher) => publisher.subject === sent.subject)).toEqual([first]);
    // Once the first is revoked, the subject may be registered afresh, for the other audience.
    await local.inject({ method: 'DELETE', url: `/api/v1/admin/publishers/${first.id}`, headers: bearer(staff), payload: { reason: 'moved' } });
    expect((await register({ ...sent, audience: 'another-audience' })).statusCode).toBe(201);
  });

  it('refuses modules the registry lacks', async () => {
    const res = await register(body({ modules: ['lcc', 'nosuch'] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_PUBLISHER_INVALID', detail: expect.stringContaining('nosuch') });
  });

  it('takes an http issuer on loopback in local only; elsewhere the issuer must be https', async () => {
    expect((await register(body({ issuer: 'http://127.0.0.1:9000/ci' }))).statusCode).toBe(201);
    const remoteHttp = await register(body({ issuer: 'http://ci.example/issuer' }));
    expect(remoteHttp.json()).toMatchObject({ status: 400, code: 'CFG_ERR_PUBLISHER_INVALID' });
    const inProduction = await register(body({ issuer: 'http://127.0.0.1:9000/ci' }), staff, production);
    expect(inProduction.json()).toMatchObject({ status: 400, code: 'CFG_ERR_PUBLISHER_INVALID', detail: expect.stringContaining('https') });
    expect((await register(body(), staff, production)).statusCode).toBe(201);
  });

  it('revokes a publisher with a reason: it leaves the list, and cannot be revoked twice', async () => {
    const created = (await register(body())).json<Publisher>();
    const revoke = () =>
      local.inject({ method: 'DELETE', url: `/api/v1/admin/publishers/${created.id}`, headers: bearer(staff), payload: { reason: 'repository archived' } });
    const res = await revoke();
    expect(res.statusCode).toBe(200);
    expect(res.json<Publisher>().id).toBe(created.id);
    expect((await list()).map((p) => p.id)).not.toContain(created.id);
    expect((await revoke()).json()).toMatchObject({ status: 404, code: 'CFG_ERR_PUBLISHER_NOT_FOUND' });
    const unknown = await local.inject({ method: 'DELETE', url: '/api/v1/admin/publishers/not-an-id', headers: bearer(staff), payload: { reason: 'x' } });
    expect(unknown.json()).toMatchObject({ status: 404, code: 'CFG_ERR_PUBLISHER_NOT_FOUND' });
  });

  it('keeps who registered and who revoked, when and why, in the store', async () => {
    const created = (await register(body({ reason: 'the audit reason' }))).json<Publisher>();
    await local.inject({ method: 'DELETE', url: `/api/v1/admin/publishers/${created.id}`, headers: bearer(staff), payload: { reason: 'gone' } });
    const { rows } = await served.database.query(
      'select created_by_email, reason, revoked_at, revoked_by_email, revoked_reason from trusted_publishers where id = $1',
      [created.id],
    );
    expect(rows).toEqual([
      {
        created_by_email: 'erin@acme.example',
        reason: 'the audit reason',
        revoked_at: expect.anything(),
        revoked_by_email: 'erin@acme.example',
        revoked_reason: 'gone',
      },
    ]);
  });

  it('is for staff only: a customer is refused 403 whatever they send', async () => {
    expect((await register(body(), customer)).statusCode).toBe(403);
    expect((await local.inject({ url: '/api/v1/admin/publishers', headers: bearer(customer) })).statusCode).toBe(403);
    expect((await local.inject({ url: '/api/v1/admin/publishers', headers: bearer(sign(claims({ exp: 1 }))) })).statusCode).toBe(401);
  });
});
