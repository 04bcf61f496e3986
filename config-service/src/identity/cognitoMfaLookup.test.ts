import { describe, expect, it } from 'vitest';
import type { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoMfaLookup } from './cognitoMfaLookup.ts';

/** A pool client that answers AdminGetUser with `answer` (or throws it), recording what it was asked. */
function fakePool(answer: object | Error) {
  const asked: unknown[] = [];
  const client = {
    send: async (command: AdminGetUserCommand) => {
      asked.push(command.input);
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as unknown as Parameters<typeof cognitoMfaLookup>[0];
  return { client, asked };
}
const signal = new AbortController().signal;

describe('cognitoMfaLookup', () => {
  it('asks AdminGetUser about the username in the pool', async () => {
    const { client, asked } = fakePool({ UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] });
    expect(await cognitoMfaLookup(client, 'eu-west-1_pool')('morgan', signal)).toBe(true);
    expect(asked).toEqual([{ UserPoolId: 'eu-west-1_pool', Username: 'morgan' }]);
  });

  it('takes an enabled method or a legacy SMS option as MFA, and a preference alone or nothing as none', async () => {
    const has = (answer: object) => cognitoMfaLookup(fakePool(answer).client, 'p')('u', signal);
    expect(await has({ MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] })).toBe(true);
    expect(await has({ UserMFASettingList: [] })).toBe(false);
    expect(await has({ PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA' })).toBe(false);
    expect(await has({})).toBe(false);
  });

  it('says no MFA for a user the pool no longer has, and passes any other failure on', async () => {
    const gone = Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    expect(await cognitoMfaLookup(fakePool(gone).client, 'p')('u', signal)).toBe(false);
    const denied = Object.assign(new Error('not authorized to perform: cognito-idp:AdminGetUser'), { name: 'AccessDeniedException' });
    await expect(cognitoMfaLookup(fakePool(denied).client, 'p')('u', signal)).rejects.toThrow(/AdminGetUser/);
  });
});
