import { describe, expect, it } from 'vitest';
import { isPlatformError } from '../errors.ts';
import { claimedCustomerId, cognitoClaimedCustomerIds } from './claimedCustomerIds.ts';

/** A user pool of `users` (their custom:auth values) answering ListUsers `perPage` at a time. */
function pool(users: (string | undefined)[], perPage = 2) {
  const calls: { input: { PaginationToken?: string; AttributesToGet?: string[] } }[] = [];
  return {
    calls,
    send: async (command: { input: { PaginationToken?: string; AttributesToGet?: string[] } }) => {
      calls.push(command);
      const start = Number(command.input.PaginationToken ?? 0);
      const page = users.slice(start, start + perPage);
      return {
        Users: page.map((auth, i) => ({ Username: `u${start + i}`, Attributes: auth === undefined ? [] : [{ Name: 'custom:auth', Value: auth }] })),
        PaginationToken: start + perPage < users.length ? String(start + perPage) : undefined,
      };
    },
  };
}
const auth = (customerId: unknown) => JSON.stringify({ role: 'customer', customerId });

describe('claimedCustomerId', () => {
  it.each([
    [auth('acme'), 'acme'],
    [auth('ACME'), 'acme'],
    // Refused at sign-in (decision 0082): a claim no one can sign in with names no customer.
    [auth(' ACME '), undefined],
    [JSON.stringify({ role: 'sentient', customerId: 'acme' }), undefined],
    [auth('Acme-Rail'), 'acme-rail'],
    [auth('-acme'), undefined],
    [auth('acme industrial'), undefined],
    [auth(42), undefined],
    [auth(null), undefined],
    [JSON.stringify({ role: 'sentient' }), undefined],
    ['{not json', undefined],
    [undefined, undefined],
  ])('reads %s as %s', (value, id) => {
    expect(claimedCustomerId(value)).toBe(id);
  });
});

describe('cognitoClaimedCustomerIds', () => {
  it('counts the customer ids of every user, page by page, asking for custom:auth only', async () => {
    const client = pool([auth('acme'), auth('ACME'), auth('globex'), undefined, '{broken', auth('initech')]);
    const read = await cognitoClaimedCustomerIds(client as never, 'pool').read();
    expect(Object.fromEntries(read.counts)).toEqual({ acme: 2, globex: 1, initech: 1 });
    expect(read).toMatchObject({ usersRead: 6, complete: true });
    expect(client.calls).toHaveLength(3);
    expect(client.calls.every((c) => c.input.AttributesToGet?.join() === 'custom:auth')).toBe(true);
  });

  it('stops at its bound and says the reading is not complete', async () => {
    const client = pool(Array.from({ length: 10 }, (_, i) => auth(`c${i}`)));
    const read = await cognitoClaimedCustomerIds(client as never, 'pool', { maxUsers: 4 }).read();
    expect(read).toMatchObject({ usersRead: 4, complete: false });
    expect(read.counts.size).toBe(4);
  });

  it('reuses a reading for a minute, then reads the pool again', async () => {
    let clock = 0;
    const client = pool([auth('acme')]);
    const source = cognitoClaimedCustomerIds(client as never, 'pool', { now: () => clock });
    await Promise.all([source.read(), source.read()]);
    expect(client.calls).toHaveLength(1);
    clock = 61_000;
    await source.read();
    expect(client.calls).toHaveLength(2);
  });

  it('answers CFG_ERR_IDENTITY_PROVIDER when the pool cannot be read, and tries again next time', async () => {
    let fail = true;
    const client = {
      send: async () => {
        if (fail) throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
        return { Users: [] };
      },
    };
    const source = cognitoClaimedCustomerIds(client as never, 'pool');
    const error = await source.read().catch((e: unknown) => e);
    expect(isPlatformError(error) && error.code).toBe('CFG_ERR_IDENTITY_PROVIDER');
    fail = false;
    expect((await source.read()).usersRead).toBe(0);
  });
});
