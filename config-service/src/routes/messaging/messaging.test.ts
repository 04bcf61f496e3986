import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingEndpointList } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { claims, sign, startTestApps, tokenFor, type TestApps } from '../../testing/testApp.ts';

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ messaging: { kind: 'local' } });
});
afterAll(() => apps.close());

const erin = sign(claims());
const staff = tokenFor({ role: 'sentient' });
const endpoint = (extra: Record<string, unknown> = {}) => ({
  address: 'erin@acme.example',
  userId: 'Erin Engineer',
  attributes: { user: ['Erin Engineer'], role: ['customer'], companyId: ['acme'] },
  ...extra,
});
const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/messaging/endpoints', headers: { authorization: `Bearer ${token}`, ...headers }, payload: body as object });
const list = async () =>
  ((await app.inject({ url: '/api/v1/admin/messaging/endpoints', headers: { authorization: `Bearer ${staff}` } })).json() as MessagingEndpointList).endpoints;

describe('local messaging sink', () => {
  it("accepts the caller's own profile and shows it to staff, newest first", async () => {
    const accepted = await post(erin, endpoint());
    expect(accepted.statusCode).toBe(202);
    expect(accepted.body).toBe('');
    expect((await post(erin, endpoint({ userId: 'Erin E.' }))).statusCode).toBe(202);
    const [newest, older] = await list();
    expect(newest).toMatchObject({ sub: 'user-1', endpoint: { userId: 'Erin E.' } });
    expect(older!.endpoint).toEqual(endpoint());
  });

  it('refuses a profile that is not the caller’s', async () => {
    const before = (await list()).length;
    for (const body of [
      endpoint({ address: 'someone@else.example' }),
      endpoint({ attributes: { user: ['Erin'], role: ['sentient'], companyId: ['acme'] } }),
      endpoint({ attributes: { user: ['Erin'], role: ['customer'], companyId: ['globex'] } }),
    ]) {
      expect((await post(erin, body)).statusCode).toBe(403);
    }
    // A customer user's X-Customer-Id changes nothing: their company is their own.
    expect(
      (await post(erin, endpoint({ attributes: { user: ['Erin'], role: ['customer'], companyId: ['globex'] } }), { 'x-customer-id': 'globex' })).statusCode,
    ).toBe(403);
    expect(await list()).toHaveLength(before);
  });

  it("takes staff's company as the customer they act for, else the provider id", async () => {
    const staffProfile = (companyId: string) => ({
      address: 'erin@acme.example',
      userId: 'Sam',
      attributes: { user: ['Sam'], role: ['sentient'], companyId: [companyId] },
    });
    expect((await post(staff, staffProfile('provider'))).statusCode).toBe(202);
    expect((await post(staff, staffProfile('globex'), { 'x-customer-id': 'globex' })).statusCode).toBe(202);
    expect((await post(staff, staffProfile('globex'))).statusCode).toBe(403);
    expect((await post(staff, staffProfile('provider'), { 'x-customer-id': 'globex' })).statusCode).toBe(403);
  });

  it('takes the address in any case, and wants no role and the company "unknown" from a token without an auth claim', async () => {
    expect((await post(erin, endpoint({ address: 'Erin@ACME.example' }))).statusCode).toBe(202);
    const noClaim = sign(claims({ 'custom:auth': undefined }));
    const profile = (role: string[], companyId: string) => ({
      address: 'erin@acme.example',
      userId: 'Erin Engineer',
      attributes: { user: ['Erin Engineer'], role, companyId: [companyId] },
    });
    expect((await post(noClaim, profile([], 'unknown'))).statusCode).toBe(202);
    const refused = await post(noClaim, profile([''], 'unknown'));
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await post(noClaim, profile([], 'provider'))).statusCode).toBe(403);
  });

  it('answers 403 to non-staff readers and 400 to a malformed update', async () => {
    expect((await app.inject({ url: '/api/v1/admin/messaging/endpoints', headers: { authorization: `Bearer ${erin}` } })).statusCode).toBe(403);
    expect((await post(erin, { address: 'erin@acme.example' })).statusCode).toBe(400);
  });

  it('is not served unless the messaging setting is local', async () => {
    const other = await apps.app();
    expect(
      (await other.inject({ method: 'POST', url: '/api/v1/messaging/endpoints', headers: { authorization: `Bearer ${erin}` }, payload: endpoint() }))
        .statusCode,
    ).toBe(404);
  });
});
