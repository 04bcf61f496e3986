// @module-tag hardening/tenants-and-roles
// No administrator raises their own rights (issue 37): a staff member's change of their own role,
// customer, modules or MFA requirement, and disabling, re-enabling or resetting the MFA of themselves,
// is refused with 403, never reaches the identity provider, and is audited as refused. Their own name
// they may change; another administrator may change them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, UserAuditPage } from '@platform/schemas';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { signedRequest } from '../testing/signedRequest.ts';
import { claims, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { toManagedUser } from '../users/managedUser.ts';

const STAFF_AUTH = { role: 'sentient', requireMFA: true };
/** Erin as the pool holds her: her username differs from her sub, as in a pool with e-mail sign-in. */
const erin = (): ManagedUser =>
  toManagedUser({
    Username: 'erin-username',
    UserStatus: 'CONFIRMED',
    UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
    Attributes: [
      { Name: 'sub', Value: 'sub-erin' },
      { Name: 'email', Value: 'erin@acme.example' },
      { Name: 'given_name', Value: 'Erin' },
      { Name: 'family_name', Value: 'Engineer' },
      { Name: 'custom:auth', Value: JSON.stringify(STAFF_AUTH) },
    ],
  });
const tokenOf = (sub: string, email: string) => sign(claims({ sub, email, 'custom:auth': JSON.stringify({ role: 'sentient' }) }));
const herself = tokenOf('sub-erin', 'erin@acme.example');
const colleague = tokenOf('sub-olga', 'olga@acme.example');

let apps: TestApps;
let app: FastifyInstance;
let users: ManagedUser[];
beforeAll(async () => {
  apps = await startTestApps();
  users = [erin()];
  app = await apps.app({ userManagement: { pool: memoryUserPool(users) } });
}, 60_000);
afterAll(() => apps.close());

const BASE = '/api/user-management';
const send = (token: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  signedRequest(app, token, { method, url: `${BASE}${url}`, ...(payload ? { payload } : {}) });
const fields = { givenName: 'Erin', familyName: 'Engineer', role: 'sentient', customerId: null, modules: null, landingPageModuleKey: null, requireMFA: true };
const newest = async () => ((await send(colleague, 'GET', '/audit?limit=1')).json() as UserAuditPage).entries[0];

describe('a staff member changing themselves', () => {
  it.each([
    ['their role', 'PUT', '', { ...fields, role: 'customer', customerId: 'acme', modules: ['mr'], reason: 'try' }],
    ['their customer', 'PUT', '', { ...fields, customerId: 'acme', reason: 'try' }],
    ['their modules', 'PUT', '', { ...fields, modules: ['mr', 'hs'], reason: 'try' }],
    ['their MFA requirement', 'PUT', '', { ...fields, requireMFA: false, reason: 'try' }],
    ['disabling themselves', 'POST', '/disable', { reason: 'try' }],
    ['enabling themselves', 'POST', '/enable', { reason: 'try' }],
    ['resetting their own MFA', 'POST', '/reset-mfa', { reason: 'try' }],
  ] as const)('is refused %s with 403, the pool unchanged, and audited as refused', async (_what, method, step, body) => {
    const res = await send(herself, method, `/users/erin-username${step}`, body);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_USER_SELF_CHANGE', detail: expect.stringMatching(/ask another administrator/) });
    expect(users[0]).toEqual(erin());
    expect(await newest()).toMatchObject({ outcome: 'refused', username: 'erin-username', actor: { sub: 'sub-erin' }, reason: 'try' });
  });

  it('may change their own name', async () => {
    const res = await send(herself, 'PUT', '/users/erin-username', { ...fields, givenName: 'Erina', reason: 'spelling' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ givenName: 'Erina', role: 'sentient' });
    expect(await newest()).toMatchObject({ outcome: 'done', changes: [{ field: 'givenName', before: 'Erin', after: 'Erina' }] });
  });

  it('is changed by another administrator', async () => {
    const res = await send(colleague, 'POST', '/users/erin-username/reset-mfa', { reason: 'lost phone' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mfa: 'off' });
    expect(await newest()).toMatchObject({ outcome: 'done', action: 'reset-mfa', actor: { sub: 'sub-olga' } });
  });
});
