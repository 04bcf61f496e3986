import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserManifest } from '@platform/schemas';
import type { FastifyInstance } from 'fastify';
import { MfaStatus, type MfaLookup } from '../identity/mfaStatus.ts';
import { claims, now, sign, startTestApps, tokenFor, type TestApps } from '../testing/testApp.ts';
import { signedRequest } from '../testing/signedRequest.ts';

/** The demo account mfa@acme.example: a customer user of acme whose organisation requires MFA, with the cd module. */
const MFA_AUTH = { role: 'customer', customerId: 'acme', modules: ['cd'], requireMFA: true };
/** An ID token of that user, issued `ago` seconds ago. */
const mfaToken = (ago = 60, sub = 'mfa-user') =>
  sign(claims({ sub, 'cognito:username': sub, iat: now() - ago, exp: now() - ago + 3600, 'custom:auth': JSON.stringify(MFA_AUTH) }));

/** The identity provider's MFA settings, as the test sets them per username; counts the questions. */
const directory = { mfa: new Map<string, boolean | Error>(), asked: [] as string[], held: undefined as Promise<void> | undefined };
const lookup: MfaLookup = async (username) => {
  directory.asked.push(username);
  if (directory.held) await directory.held;
  const answer = directory.mfa.get(username) ?? false;
  if (answer instanceof Error) throw answer;
  return answer;
};

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({
    mfa: new MfaStatus(lookup),
    localMainApi: { signingKey: Buffer.alloc(32, 5) },
  });
});
afterAll(() => apps.close());

const get = (url: string, token: string) => signedRequest(app, token, { url });
const manifestOf = async (token: string) => {
  const res = await get('/api/v1/manifest', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as UserManifest;
};
const SITE_GROUPS = '/api/main/customers/acme/sitegroups';

describe('a user who must use MFA', () => {
  it('without MFA set up gets a manifest holding only the profile page, no module and no customer', async () => {
    const m = await manifestOf(mfaToken(60, 'pending-1'));
    expect(m).toMatchObject({ mfaPending: true, requireMFA: true, customerId: null, modules: [], landing: { module: 'shell', path: '/profile' } });
    expect(m.dash.routes).toEqual([]);
    expect(m.unavailable).toContainEqual({ key: 'cd', name: 'CoreData', baseUrl: '/coredata' });
    expect(JSON.stringify(m.shell.routes)).toContain('"fullPath":"/profile"');
    expect(JSON.stringify(m.shell.routes)).toContain('"fullPath":"/logout"');
  });

  it('without MFA set up is refused by the main API stand-in with 403 CFG_ERR_MFA_REQUIRED', async () => {
    const res = await get(SITE_GROUPS, mfaToken(60, 'pending-2'));
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'CFG_ERR_MFA_REQUIRED' });
  });

  it('with MFA set up, as the identity provider says, gets the full manifest and the stand-in answers', async () => {
    directory.mfa.set('done-1', true);
    const token = mfaToken(60, 'done-1');
    const m = await manifestOf(token);
    expect(m).toMatchObject({ mfaPending: false, requireMFA: true, customerId: 'acme' });
    expect(m.modules.map((x) => x.key)).toEqual(['cd']);
    expect((await get(SITE_GROUPS, token)).statusCode).toBe(200);
  });

  it('gets the full manifest on the first request with a token issued after setting MFA up', async () => {
    const before = mfaToken(60, 'setting-up');
    expect((await manifestOf(before)).mfaPending).toBe(true);
    directory.mfa.set('setting-up', true);
    // The same token within the brief "no" is still answered from memory; a fresh one is asked about.
    expect((await manifestOf(before)).mfaPending).toBe(true);
    expect((await manifestOf(mfaToken(-1, 'setting-up'))).mfaPending).toBe(false);
  });

  it('is refused, and shown no manifest, when the identity provider cannot say (fail closed, 502)', async () => {
    directory.mfa.set('down-1', new Error('connect ECONNREFUSED'));
    for (const url of ['/api/v1/manifest', SITE_GROUPS]) {
      const res = await get(url, mfaToken(60, 'down-1'));
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'CFG_ERR_IDENTITY_PROVIDER' });
    }
  });

  it('costs the identity provider one lookup for a burst of requests', async () => {
    let release!: () => void;
    directory.held = new Promise((resolve) => (release = resolve));
    const asked = directory.asked.length;
    const token = mfaToken(60, 'burst-1');
    const answers = Array.from({ length: 30 }, (_, i) => get(i % 2 ? SITE_GROUPS : '/api/v1/manifest', token));
    release();
    directory.held = undefined;
    const statuses = (await Promise.all(answers)).map((r) => r.statusCode);
    expect(new Set(statuses)).toEqual(new Set([200, 403]));
    // And the brief "no" answers the next one without asking.
    expect((await get(SITE_GROUPS, token)).statusCode).toBe(403);
    expect(directory.asked.length - asked).toBe(1);
  });
});

describe('a user who need not use MFA', () => {
  it('gets the full manifest and the stand-in, with no question to the identity provider', async () => {
    const asked = directory.asked.length;
    const customer = sign(claims());
    const m = await manifestOf(customer);
    expect(m).toMatchObject({ mfaPending: false, requireMFA: false, customerId: 'acme' });
    expect(m.modules.length).toBeGreaterThan(0);
    expect((await get(SITE_GROUPS, customer)).statusCode).toBe(200);
    expect((await manifestOf(tokenFor({ role: 'sentient', requireMFA: false }))).mfaPending).toBe(false);
    expect(directory.asked.length).toBe(asked);
  });
});
