import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingEndpointList } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { SinkFailure, type ProfileUpdate } from '../../messaging/messagingSink.ts';
import { claims, sign, startTestApps, type TestApps, staffToken } from '../../testing/testApp.ts';
import { bearer } from '../../testing/signedRequest.ts';

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ messaging: { kind: 'local' } });
});
afterAll(() => apps.close());

const erin = sign(claims());
const staff = staffToken();
const endpoint = (extra: Record<string, unknown> = {}) => ({
  address: 'erin@acme.example',
  userId: 'Erin Engineer',
  attributes: { user: ['Erin Engineer'], role: ['customer'], companyId: ['acme'] },
  ...extra,
});
const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/messaging/endpoints', headers: bearer(token, { ...headers }), payload: body as object });
const list = async () => ((await app.inject({ url: '/api/v1/admin/messaging/endpoints', headers: bearer(staff) })).json() as MessagingEndpointList).endpoints;

describe('local messaging sink', () => {
  it("accepts the caller's own profile and shows it to staff, newest first", async () => {
    const accepted = await post(erin, endpoint());
    expect(accepted.statusCode).toBe(202);
    expect(accepted.body).toBe('');
    expect((await post(staff, { ...endpoint(), attributes: { user: ['Sam'], role: ['sentient'], companyId: ['provider'] } })).statusCode).toBe(202);
    const [newest, older] = await list();
    expect(newest!.endpoint.attributes.role).toEqual(['sentient']);
    expect(older).toMatchObject({ sub: 'user-1', endpoint: endpoint() });
  });

  it("forwards the token's names and address, not the body's", async () => {
    expect((await post(erin, endpoint({ userId: 'Someone Else', address: 'ERIN@acme.example' }))).statusCode).toBe(202);
    const [newest] = await list();
    expect(newest!.endpoint).toEqual(endpoint());
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

  it("refuses staff's X-Customer-Id naming no customer, or no customer id at all, with 400, and forwards nothing", async () => {
    const before = (await list()).length;
    const asStaffFor = (companyId: string) => ({
      address: 'erin@acme.example',
      userId: 'Sam',
      attributes: { user: ['Sam'], role: ['sentient'], companyId: [companyId] },
    });
    const unknown = await post(staff, asStaffFor('initech'), { 'x-customer-id': 'initech' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(unknown.json()).toMatchObject({ code: 'CFG_ERR_CUSTOMER_HEADER_UNKNOWN', unknownCustomer: 'initech' });
    const malformed = await post(staff, asStaffFor('Not An Id!'), { 'x-customer-id': 'Not An Id!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('CFG_ERR_CUSTOMER_HEADER_INVALID');
    expect(await list()).toHaveLength(before);
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
    expect((await app.inject({ url: '/api/v1/admin/messaging/endpoints', headers: bearer(erin) })).statusCode).toBe(403);
    expect((await post(erin, { address: 'erin@acme.example' })).statusCode).toBe(400);
  });

  it('is not served when no sink is configured (MESSAGING_SINK=none), and the browser is told to send nothing', async () => {
    const other = await apps.app({ messaging: null });
    expect((await other.inject({ method: 'POST', url: '/api/v1/messaging/endpoints', headers: bearer(erin), payload: endpoint() })).statusCode).toBe(404);
    expect((await other.inject({ url: '/api/v1/config' })).json()).toMatchObject({ messaging: false });
    expect((await app.inject({ url: '/api/v1/config' })).json()).toMatchObject({ messaging: true });
  });
});

describe('a sink other than the local one', () => {
  const webhook = { kind: 'webhook', url: 'https://hooks.example.com/profiles', secret: 'a-shared-secret-of-32-characters' } as const;
  const metric = (text: string, name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);

  it("gets the update built from the token, and the staff's reading route is not served", async () => {
    const forwarded: ProfileUpdate[] = [];
    const recording = await apps.app({ messaging: webhook, messagingSink: { kind: 'webhook', deliver: (update) => void forwarded.push(update) } });
    expect(
      (
        await recording.inject({
          method: 'POST',
          url: '/api/v1/messaging/endpoints',
          headers: bearer(erin),
          payload: endpoint({ userId: 'Not Erin' }),
        })
      ).statusCode,
    ).toBe(202);
    expect(forwarded).toEqual([{ sub: 'user-1', receivedAt: expect.any(String), givenName: 'Erin', familyName: 'Engineer', endpoint: endpoint() }]);
    expect((await recording.inject({ url: '/api/v1/admin/messaging/endpoints', headers: bearer(staff) })).statusCode).toBe(404);
  });

  it('that fails never fails the request: the update waits to be retried, counted in /metrics', async () => {
    const failing = await apps.app({
      messaging: webhook,
      messagingSink: {
        kind: 'webhook',
        deliver: () => {
          throw new SinkFailure('the webhook answered 503', 503);
        },
      },
    });
    const vic = sign(claims({ sub: 'user-2', email: 'vic@acme.example' }));
    for (const token of [erin, erin, vic]) {
      const body = token === vic ? endpoint({ address: 'vic@acme.example' }) : endpoint();
      expect((await failing.inject({ method: 'POST', url: '/api/v1/messaging/endpoints', headers: bearer(token), payload: body })).statusCode).toBe(202);
    }
    const text = (await failing.inject({ url: '/metrics' })).body;
    // Erin's second update replaced her first, which waits for its retry: the queue holds users, not calls.
    expect(metric(text, 'config_messaging_attempts_failed_total')).toBe(2);
    expect(metric(text, 'config_messaging_retries_total')).toBe(2);
    expect(metric(text, 'config_messaging_profiles_coalesced_total')).toBe(1);
    expect(metric(text, 'config_messaging_queue_depth')).toBe(2);
    expect(metric(text, 'config_messaging_profiles_sent_total')).toBe(0);
    expect(text).toMatch(/^config_messaging_profiles_dropped_total\{sink="webhook",reason="queue_full"\} 0$/m);
  });
});
