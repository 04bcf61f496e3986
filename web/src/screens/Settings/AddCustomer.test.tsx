// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { AddCustomer } from './AddCustomer.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };

function form(answer: (body: { id: string; name: string }) => unknown) {
  const platform = fakePlatform({
    user: STAFF,
    serve: ({ method, url, body }) => (method === 'POST' && url.pathname === '/api/v1/customers' ? answer(body as { id: string; name: string }) : undefined),
  });
  const onAdded = vi.fn();
  return { platform, onAdded, ...renderInApp(<AddCustomer onAdded={onAdded} />) };
}

async function add(user: ReturnType<typeof form>['user'], id: string, reason = 'contract signed') {
  await user.type(screen.getByRole('textbox', { name: 'Customer id' }), id);
  if (reason) await user.type(screen.getByRole('textbox', { name: 'Reason for adding it' }), reason);
  await user.click(screen.getByRole('button', { name: 'Add the customer' }));
}

describe('AddCustomer', () => {
  it('adds the customer with its id as its name when none is given, and says so', async () => {
    const { user, platform, onAdded } = form((body) => ({ ...body, version: 1, modules: [] }));
    await add(user, 'initech');
    expect(await screen.findByText("initech added: its modules follow each module's default for new customers")).toBeDefined();
    expect(platform.requestsTo('/api/v1/customers').find((r) => r.method === 'POST')?.body).toEqual({
      id: 'initech',
      name: 'initech',
      reason: 'contract signed',
    });
    expect(onAdded).toHaveBeenCalledWith('initech');
    expect(screen.getByRole('textbox', { name: 'Customer id' })).toHaveProperty('value', '');
  });

  it('refuses an id users’ claims could not name, and one without a reason, before asking the service', async () => {
    const { user, platform } = form(() => ({}));
    await add(user, '-acme', '');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The id is what users’ claims name: lower-case letters, digits and dashes, not starting with a dash.',
      'Say why, before adding a customer: the reason goes to the audit log.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Customer id' }).getAttribute('aria-invalid')).toBe('true');
    expect(platform.requestsTo('/api/v1/customers').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('names the customer that holds the id already, on a conflict', async () => {
    const { user, onAdded } = form(() => problem(409, 'CFG_ERR_CONFLICT', 'the id is taken', { current: { id: 'acme', name: 'Acme Industrial' } }));
    await add(user, 'acme');
    expect(await screen.findByText('A customer with the id acme exists already (Acme Industrial). Choose another id, or rename that one.')).toBeDefined();
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('says what else went wrong in the one shape of a failure', async () => {
    const { user } = form(() => problem(503, 'CFG_ERR_UNAVAILABLE', 'the database is not answering'));
    await add(user, 'initech');
    expect(await screen.findByText('Could not add initech: the database is not answering')).toBeDefined();
  });
});
