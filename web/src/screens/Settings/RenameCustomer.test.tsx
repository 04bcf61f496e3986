// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { RenameCustomer } from './RenameCustomer.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ACME: Customer = { id: 'acme', name: 'Acme', version: 4, modules: [] };

function form(answer: () => unknown) {
  const platform = fakePlatform({ user: STAFF, serve: ({ method }) => (method === 'PATCH' ? answer() : undefined) });
  return { platform, ...renderInApp(<RenameCustomer customer={ACME} />) };
}

async function rename(user: ReturnType<typeof form>['user']) {
  const name = screen.getByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Acme Industrial');
  await user.type(screen.getByRole('textbox', { name: 'Reason for renaming' }), 'rebranded');
  await user.click(screen.getByRole('button', { name: 'Rename' }));
}

describe('RenameCustomer', () => {
  it('offers Rename only for a new name, and renames at the version read', async () => {
    const { user, platform } = form(() => ({ ...ACME, name: 'Acme Industrial', version: 5 }));
    expect(screen.getByRole('button', { name: 'Rename' })).toHaveProperty('disabled', true);
    await rename(user);
    expect(await screen.findByText('Acme is now Acme Industrial')).toBeDefined();
    const sent = platform.requestsTo('/api/v1/customers/acme').find((r) => r.method === 'PATCH');
    expect(sent?.headers.get('if-match')).toBe('"4"');
    expect(sent?.body).toEqual({ name: 'Acme Industrial', reason: 'rebranded' });
  });

  it('overwrites nothing when someone renamed it meanwhile, and says so', async () => {
    const { user } = form(() => problem(409, 'CFG_ERR_CONFLICT', 'the customer changed'));
    await rename(user);
    expect(await screen.findByText('Someone else renamed Acme meanwhile. Nothing was overwritten; check the name and try again.')).toBeDefined();
  });

  it('says what else went wrong in the one shape of a failure', async () => {
    const { user } = form(() => problem(400, 'CFG_ERR_VALIDATION', 'name must not be empty'));
    await rename(user);
    expect(await screen.findByText('Could not rename Acme: name must not be empty')).toBeDefined();
  });
});
