// The identity provider's refusals, as a real user pool answers them, through the routes: each is a
// problem+json the administrator can read, and a refused change is audited as failed.
import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  CognitoIdentityProviderServiceException,
  InvalidParameterException,
  TooManyRequestsException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApps, type TestApps, staffToken } from '../testing/testApp.ts';
import { cognitoUserPoolAdmin } from './userPoolAdmin.ts';
import { signedRequest } from '../testing/signedRequest.ts';

const $metadata = {};
/** What the pool answers to the next call other than AdminGetUser (which finds the user). */
let next: Error | undefined;
const pool = {
  send: async (command: unknown) => {
    if (command instanceof AdminGetUserCommand)
      return { Username: 'u-1', UserAttributes: [{ Name: 'email', Value: 'una@acme.example' }], UserStatus: 'CONFIRMED' };
    if (next) throw next;
    return { User: { Username: 'u-2', Attributes: [] } };
  },
};

let apps: TestApps;
let app: FastifyInstance;
beforeAll(async () => {
  apps = await startTestApps();
  app = await apps.app({ userManagement: { pool: cognitoUserPoolAdmin(pool, 'pool-1') } });
});
afterAll(() => apps.close());

const staff = staffToken();
const ask = (method: 'GET' | 'POST', url: string, payload?: object) =>
  signedRequest(app, staff, { method, url: `/api/user-management${url}`, ...(payload ? { payload } : {}) });
const invitation = {
  email: 'una@acme.example',
  givenName: 'Una',
  familyName: 'User',
  role: 'customer',
  customerId: 'acme',
  modules: ['mr'],
  landingPageModuleKey: 'mr',
  requireMFA: true,
  reason: 'new hire',
};
const audit = async () => ((await ask('GET', '/audit')).json() as { entries: { action: string; outcome: string }[] }).entries;

describe('when the identity provider refuses', () => {
  it.each([
    [
      'an invalid parameter',
      new InvalidParameterException({ message: 'Invalid email address format.', $metadata }),
      422,
      {
        code: 'CFG_ERR_IDENTITY_PROVIDER_REFUSED',
        providerError: 'InvalidParameterException',
        detail: 'cannot invite the user: Invalid email address format.',
      },
    ],
    [
      'an existing user',
      new UsernameExistsException({ message: 'An account with the given email already exists.', $metadata }),
      409,
      { code: 'CFG_ERR_USER_EXISTS', detail: 'cannot invite the user: a user with this e-mail address already exists' },
    ],
    [
      "a permission the service's credentials lack",
      new CognitoIdentityProviderServiceException({
        name: 'AccessDeniedException',
        $fault: 'client',
        message: 'not authorized to perform: cognito-idp:AdminCreateUser',
        $metadata,
      }),
      422,
      { code: 'CFG_ERR_IDENTITY_PROVIDER_REFUSED', providerError: 'AccessDeniedException', detail: expect.stringContaining('cognito-idp:AdminCreateUser') },
    ],
    ['too many requests', new TooManyRequestsException({ message: 'Rate exceeded', $metadata }), 502, { code: 'CFG_ERR_IDENTITY_PROVIDER' }],
    ['with no answer at all', Object.assign(new Error('connect ECONNREFUSED'), { name: 'Error' }), 502, { code: 'CFG_ERR_IDENTITY_PROVIDER' }],
  ])('answers %s as problem+json and audits the invitation as failed', async (_what, error, status, problem) => {
    next = error;
    const before = (await audit()).length;
    const res = await ask('POST', '/users', invitation);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject(problem);
    expect(await audit()).toHaveLength(before + 1);
    expect((await audit())[0]).toMatchObject({ action: 'invite', outcome: 'failed' });
  });

  it('audits a step it refused as failed, and one it made as done', async () => {
    next = new CognitoIdentityProviderServiceException({ name: 'UnsupportedUserStateException', $fault: 'client', message: 'User is confirmed', $metadata });
    const refused = await ask('POST', '/users/u-1/resend-invitation', { reason: 'again' });
    expect(refused.json()).toMatchObject({ status: 422, detail: 'cannot send the invitation again: User is confirmed' });
    expect((await audit())[0]).toMatchObject({ action: 'resend-invitation', outcome: 'failed' });
    next = undefined;
    expect((await ask('POST', '/users/u-1/disable', { reason: 'left' })).statusCode).toBe(200);
    expect((await audit())[0]).toMatchObject({ action: 'disable', username: 'u-1', email: 'una@acme.example', reason: 'left', outcome: 'done' });
  });
});

describe("resetting a user's MFA", () => {
  const sent: AdminSetUserMFAPreferenceCommand['input'][] = [];
  const resetting = (emailRefusal?: Error) =>
    cognitoUserPoolAdmin(
      {
        send: async (command: unknown) => {
          if (!(command instanceof AdminSetUserMFAPreferenceCommand)) throw new Error('unexpected call');
          sent.push(command.input);
          if (command.input.EmailMfaSettings && emailRefusal) throw emailRefusal;
          return {};
        },
      },
      'pool-1',
    );

  it('turns every second factor off: the app, SMS and email', async () => {
    sent.length = 0;
    await resetting().resetMfa('u-1');
    const off = { Enabled: false, PreferredMfa: false };
    expect(sent).toContainEqual(expect.objectContaining({ Username: 'u-1', SoftwareTokenMfaSettings: off, SMSMfaSettings: off }));
    expect(sent).toContainEqual(expect.objectContaining({ Username: 'u-1', EmailMfaSettings: off }));
  });

  it('still resets the app and SMS on a pool without email MFA, which refuses the email setting', async () => {
    sent.length = 0;
    await expect(
      resetting(new InvalidParameterException({ message: 'Email MFA is not enabled for this user pool.', $metadata })).resetMfa('u-1'),
    ).resolves.toBeUndefined();
    expect(sent[0]).toMatchObject({ SoftwareTokenMfaSettings: { Enabled: false } });
  });

  it('reports any other refusal of the email setting', async () => {
    await expect(resetting(new TooManyRequestsException({ message: 'Rate exceeded', $metadata })).resetMfa('u-1')).rejects.toMatchObject({
      code: 'CFG_ERR_IDENTITY_PROVIDER',
    });
  });
});
