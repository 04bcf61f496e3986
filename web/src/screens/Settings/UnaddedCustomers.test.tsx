// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UnaddedCustomerList } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { UnaddedCustomers } from './UnaddedCustomers.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };

function section(unadded: () => unknown, added: () => unknown = () => undefined) {
  const platform = fakePlatform({
    user: STAFF,
    serve: ({ method, url }) => (url.pathname === '/api/v1/unadded-customers' ? unadded() : method === 'POST' ? added() : undefined),
  });
  const onAdded = vi.fn();
  return { platform, onAdded, ...renderInApp(<UnaddedCustomers onAdded={onAdded} />) };
}

describe('UnaddedCustomers', () => {
  it('lists the ids users’ claims name with how many users, and adds one with the reason given', async () => {
    const list: UnaddedCustomerList = {
      customers: [
        { id: 'initech', users: 3 },
        { id: 'hooli', users: 1 },
      ],
      usersRead: 60,
      complete: false,
    };
    const { user, platform, onAdded } = section(
      () => list,
      () => ({ id: 'initech', name: 'initech', version: 1, modules: [] }),
    );
    expect(await screen.findByText('(3 users)')).toBeDefined();
    expect(screen.getByText('(1 user)')).toBeDefined();
    expect(screen.getByText('From the first 60 users of the pool; the rest were not read.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Add initech' }));
    expect(screen.getByRole('alert').textContent).toBe('Say why, before adding initech: the reason goes to the audit log.');
    await user.type(screen.getByRole('textbox', { name: 'Reason for adding them' }), 'its users sign in');
    await user.click(screen.getByRole('button', { name: 'Add initech' }));
    expect(await screen.findByText('initech added; rename it to give it its real name')).toBeDefined();
    expect(platform.requestsTo('/api/v1/customers').find((r) => r.method === 'POST')?.body).toEqual({
      id: 'initech',
      name: 'initech',
      reason: 'its users sign in',
    });
    expect(onAdded).toHaveBeenCalledWith('initech');
  });

  it('says when every id in the claims is a customer', async () => {
    section(() => ({ customers: [], usersRead: 12, complete: true }));
    expect(await screen.findByText('Every customer id users’ claims name is a customer.')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says the ids are not known when the user pool cannot be read', async () => {
    section(() => problem(502, 'CFG_ERR_IDENTITY_PROVIDER', 'the user pool did not answer'));
    expect(await screen.findByText('The user pool could not be read, so the customer ids in users’ claims are not known.')).toBeDefined();
  });

  it('names the customer that took the id meanwhile, on a conflict', async () => {
    const { user } = section(
      () => ({ customers: [{ id: 'initech', users: 2 }], usersRead: 2, complete: true }),
      () => problem(409, 'CFG_ERR_CONFLICT', 'taken', { current: { id: 'initech', name: 'Initech' } }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'Reason for adding them' }), 'its users sign in');
    await user.click(screen.getByRole('button', { name: 'Add initech' }));
    expect(await screen.findByText('A customer with the id initech exists already (Initech). Choose another id, or rename that one.')).toBeDefined();
  });
});
