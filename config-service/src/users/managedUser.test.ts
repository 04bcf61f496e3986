import { describe, expect, it } from 'vitest';
import { toManagedUser } from './managedUser.ts';

const withAuth = (auth: object) => ({ Username: 'u1', Attributes: [{ Name: 'custom:auth', Value: JSON.stringify(auth) }] });

describe('toManagedUser', () => {
  it('reads a claim\'s customer id as tokens are read: "ACME" is acme\'s user (decision 0047)', () => {
    expect(toManagedUser(withAuth({ role: 'customer', customerId: 'ACME' })).customerId).toBe('acme');
    expect(toManagedUser(withAuth({ role: 'customer' })).customerId).toBeNull();
  });
});
