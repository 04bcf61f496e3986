import { describe, expect, it } from 'vitest';
import { cognitoUserDirectory } from './userDirectory.ts';

/** Answers like Cognito: two pages of ListUsers, and AdminGetUser with the MFA methods set up. */
const cognito = {
  async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
    if (command.constructor.name === 'ListUsersCommand') {
      return command.input.PaginationToken
        ? { Users: [{ Username: 'u3', UserStatus: 'FORCE_CHANGE_PASSWORD', Enabled: false, Attributes: [{ Name: 'email', Value: 'c@x' }, { Name: 'custom:auth', Value: '{not json' }] }] }
        : {
            PaginationToken: 'next',
            Users: [
              { Username: 'u1', UserStatus: 'CONFIRMED', Enabled: true, Attributes: [{ Name: 'email', Value: 'a@x' }, { Name: 'given_name', Value: 'Ann' }, { Name: 'family_name', Value: 'Lee' }, { Name: 'custom:auth', Value: '{"role":"customer","customerId":"acme","requireMFA":true}' }] },
              { Username: 'u2', UserStatus: 'CONFIRMED', Enabled: true, Attributes: [{ Name: 'email', Value: 'b@x' }, { Name: 'custom:auth', Value: '{"role":"customer","customerId":"acme","requireMFA":true}' }] },
            ],
          };
    }
    return { UserMFASettingList: command.input.Username === 'u2' ? ['SOFTWARE_TOKEN_MFA'] : [] };
  },
};

describe('users from a Cognito user pool', () => {
  it('reads every page, the names, the role and customer from custom:auth, and the MFA state', async () => {
    const users = await cognitoUserDirectory(cognito as never, 'pool').listUsers();
    expect(users).toEqual([
      { username: 'u1', email: 'a@x', givenName: 'Ann', familyName: 'Lee', role: 'customer', customerId: 'acme', mfa: 'required', status: 'CONFIRMED', enabled: true },
      { username: 'u2', email: 'b@x', givenName: '', familyName: '', role: 'customer', customerId: 'acme', mfa: 'set-up', status: 'CONFIRMED', enabled: true },
      { username: 'u3', email: 'c@x', givenName: '', familyName: '', role: null, customerId: null, mfa: 'off', status: 'FORCE_CHANGE_PASSWORD', enabled: false },
    ]);
  });
});
