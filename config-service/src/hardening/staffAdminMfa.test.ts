// @module-tag hardening/tenants-and-roles
// With STAFF_ADMIN_REQUIRES_MFA on, a staff member's password alone administers nothing: users,
// customers and releases are refused until the identity provider says a second factor is set up
// (issue 38, decision 0095). Staff restricted to publishing are held to that instead.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishToken } from '@platform/schemas';
import { MfaStatus } from '../identity/mfaStatus.ts';
import { memoryUserPool } from '../testing/memoryUserPool.ts';
import { startOidcIssuer } from '../testing/oidcIssuer.ts';
import { claims, sign, startTestApps, type TestApps } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

/** Users whose MFA the identity provider reports set up; everyone else has none. */
const withMfa = new Set<string>();
let apps: TestApps;
let required: FastifyInstance;
let notRequired: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  // "No MFA" is not remembered, so a second factor set up counts from the next request.
  const mfa = () => new MfaStatus(async (username) => withMfa.has(username), { negativeMs: 0 });
  const userManagement = { pool: memoryUserPool([]) };
  required = await apps.app({ userManagement, mfa: mfa(), staffAdminRequiresMfa: true });
  notRequired = await apps.app({ userManagement, mfa: mfa() });
}, 60_000);
afterAll(() => apps.close());

/** A staff member's password-only token: nothing in it says whether they have MFA; only the identity provider knows. */
const tokenOf = (username: string, auth: object = { role: 'sentient' }) =>
  sign(claims({ sub: username, 'cognito:username': username, 'custom:auth': JSON.stringify(auth) }));
/** A user-management route, a customer route and a release route. */
const ADMINISTRATION = ['/api/user-management/users', '/api/v1/customers', '/api/v1/admin/releases'];
const answers = (app: FastifyInstance, token: string) =>
  Promise.all(
    ADMINISTRATION.map(async (url) => {
      const res = await signedRequest(app, token, { method: 'GET', url });
      return { url, status: res.statusCode, code: res.statusCode < 400 ? undefined : (res.json() as { code: string }).code };
    }),
  );
const served = ADMINISTRATION.map((url) => ({ url, status: 200, code: undefined }));

describe('with STAFF_ADMIN_REQUIRES_MFA on', () => {
  it('refuses staff with no second factor user, customer and release administration, saying where to set it up', async () => {
    const token = tokenOf('admin-no-mfa');
    expect(await answers(required, token)).toEqual(ADMINISTRATION.map((url) => ({ url, status: 403, code: 'CFG_ERR_ADMIN_MFA_REQUIRED' })));
    const res = await signedRequest(required, token, { method: 'GET', url: '/api/v1/customers' });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json().detail).toMatch(/profile page/);
  });

  it('serves the same staff member once the identity provider says MFA is set up', async () => {
    const token = tokenOf('admin-sets-mfa');
    expect((await answers(required, token)).map((answer) => answer.code)).toEqual(ADMINISTRATION.map(() => 'CFG_ERR_ADMIN_MFA_REQUIRED'));
    withMfa.add('admin-sets-mfa');
    expect(await answers(required, token)).toEqual(served);
  });

  it('still tells anyone else they are not staff, and holds staff restricted to publishing to publishing, MFA or not', async () => {
    const customer = tokenOf('customer-no-mfa', { role: 'customer', customerId: 'acme', modules: ['cd'] });
    expect((await answers(required, customer)).map((answer) => answer.code)).toEqual(ADMINISTRATION.map(() => 'CFG_ERR_FORBIDDEN'));
    const owner = tokenOf('owner-no-mfa', { role: 'sentient', modules: ['lcc'] });
    expect(await answers(required, owner)).toEqual([
      { url: '/api/user-management/users', status: 403, code: 'CFG_ERR_PUBLISHING_ONLY' },
      { url: '/api/v1/customers', status: 403, code: 'CFG_ERR_PUBLISHING_ONLY' },
      { url: '/api/v1/admin/releases', status: 200, code: undefined },
    ]);
  });

  it('lets a publish token, which has no second factor, take publishing steps as before', async () => {
    const ci = await startOidcIssuer();
    try {
      withMfa.add('admin-registers');
      const publisher = { issuer: ci.issuer, audience: 'asset-platform', subject: 'repo:acme/lcc-screens:environment:production', modules: ['lcc'] };
      const registered = await signedRequest(required, tokenOf('admin-registers'), {
        method: 'POST',
        url: '/api/v1/admin/publishers',
        payload: { ...publisher, reason: 'lcc team CI' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const exchanged = await signedRequest(required, ci.token(), { method: 'POST', url: '/api/v1/publish-tokens' });
      expect((await answers(required, exchanged.json<PublishToken>().token)).at(-1)).toEqual({ url: '/api/v1/admin/releases', status: 200, code: undefined });
    } finally {
      await ci.close();
    }
  });
});

describe('with STAFF_ADMIN_REQUIRES_MFA off', () => {
  it('serves staff with no second factor as before', async () => {
    expect(await answers(notRequired, tokenOf('admin-no-mfa-off'))).toEqual(served);
  });
});
