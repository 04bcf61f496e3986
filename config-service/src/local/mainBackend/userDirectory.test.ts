import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../../errors.ts';
import { cognitoUserDirectory } from './userDirectory.ts';

type Command = { constructor: { name: string }; input: Record<string, unknown> };

const auth = (value: object) => ({ Name: 'custom:auth', Value: JSON.stringify(value) });
const PAGES: Record<string, { Users: object[]; PaginationToken?: string }> = {
  first: {
    PaginationToken: 'next',
    Users: [
      {
        Username: 'u1',
        UserStatus: 'CONFIRMED',
        Enabled: true,
        Attributes: [
          { Name: 'email', Value: 'a@x' },
          { Name: 'given_name', Value: 'Ann' },
          { Name: 'family_name', Value: 'Lee' },
          auth({ role: 'customer', customerId: 'acme', requireMFA: true }),
        ],
      },
      {
        Username: 'u2',
        UserStatus: 'CONFIRMED',
        Enabled: true,
        Attributes: [{ Name: 'email', Value: 'b@x' }, auth({ role: 'customer', customerId: 'acme', requireMFA: true })],
      },
      { Username: 'gone', UserStatus: 'CONFIRMED', Enabled: true, Attributes: [{ Name: 'email', Value: 'gone@x' }] },
    ],
  },
  next: {
    Users: [
      {
        Username: 'u3',
        UserStatus: 'FORCE_CHANGE_PASSWORD',
        Enabled: false,
        Attributes: [
          { Name: 'email', Value: 'c@x' },
          { Name: 'custom:auth', Value: '{not json' },
        ],
      },
      {
        Username: 'u4',
        UserStatus: 'CONFIRMED',
        Enabled: true,
        MFAOptions: [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }],
        Attributes: [{ Name: 'email', Value: 'd@x' }, auth({ role: 'sentient' })],
      },
    ],
  },
};

/** Answers like Cognito: two pages of ListUsers, AdminGetUser with the MFA methods set up, and a user deleted between the two. */
const cognito = {
  async send(command: Command) {
    if (command.constructor.name === 'ListUsersCommand') {
      const page = PAGES[(command.input.PaginationToken as string | undefined) ?? 'first'];
      if (!page) throw new Error(`unexpected PaginationToken ${String(command.input.PaginationToken)}`);
      return page;
    }
    if (command.input.Username === 'gone') throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    return { UserMFASettingList: command.input.Username === 'u2' ? ['SOFTWARE_TOKEN_MFA'] : [] };
  },
};

describe('users from a Cognito user pool', () => {
  it('reads every page, the names, the role and customer from custom:auth, and the MFA state', async () => {
    const users = await cognitoUserDirectory(cognito as never, 'pool').listUsers();
    expect(users).toEqual([
      {
        username: 'u1',
        email: 'a@x',
        givenName: 'Ann',
        familyName: 'Lee',
        role: 'customer',
        customerId: 'acme',
        mfa: 'required',
        status: 'CONFIRMED',
        enabled: true,
      },
      { username: 'u2', email: 'b@x', givenName: '', familyName: '', role: 'customer', customerId: 'acme', mfa: 'set-up', status: 'CONFIRMED', enabled: true },
      {
        username: 'u3',
        email: 'c@x',
        givenName: '',
        familyName: '',
        role: null,
        customerId: null,
        mfa: 'off',
        status: 'FORCE_CHANGE_PASSWORD',
        enabled: false,
      },
      { username: 'u4', email: 'd@x', givenName: '', familyName: '', role: 'sentient', customerId: null, mfa: 'set-up', status: 'CONFIRMED', enabled: true },
    ]);
  });

  it('reads the pool afresh on every call, since users change there', async () => {
    let calls = 0;
    const counting = {
      send: (command: Command) => {
        if (command.constructor.name === 'ListUsersCommand') calls += 1;
        return cognito.send(command);
      },
    };
    const directory = cognitoUserDirectory(counting as never, 'pool');
    await directory.listUsers();
    await directory.listUsers();
    expect(calls).toBe(4);
  });

  it('fails with CFG_ERR_IDENTITY_PROVIDER when the pool cannot be read', async () => {
    const down = { send: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { name: 'Error' })) };
    const failure = await cognitoUserDirectory(down as never, 'pool')
      .listUsers()
      .catch((error: unknown) => error);
    expect(isPlatformError(failure) && failure.code).toBe('CFG_ERR_IDENTITY_PROVIDER');
  });
});
