// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminModuleList } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ViewAsUser } from './ViewAsUser.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
/** A provider's worth of customers: far more than one answer of suggestions holds. */
const MANY = Array.from({ length: 5_000 }, (_, i) => ({ id: `c${String(i).padStart(4, '0')}`, name: `Customer ${String(i).padStart(4, '0')}` }));
const LIST: AdminModuleList = {
  environment: 'local',
  manifests: { version: 'v1', loadedAt: '2026-01-01T00:00:00Z', history: [{ version: 'v1', loadedAt: '2026-01-01T00:00:00Z' }], rejected: null },
  modules: [],
};

describe('ViewAsUser', () => {
  it('previews the claims of a customer found among thousands by typing, asking for a page of suggestions at a time', async () => {
    const platform = fakePlatform({ user: STAFF, customers: MANY });
    const { user } = renderInApp(<ViewAsUser list={LIST} />);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveProperty('value', 'customer');
    const customer = screen.getByRole('combobox', { name: 'Customer' });
    await user.type(customer, '4321');
    await user.click(await screen.findByRole('option', { name: 'Customer 4321 (c4321)' }));
    expect(customer).toHaveProperty('value', 'Customer 4321');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/preview')).toHaveLength(1));
    expect(platform.requestsTo('/api/v1/admin/preview')[0]?.body).toMatchObject({ claims: { role: 'customer', customerId: 'c4321' } });
    const asked = platform.requestsTo('/api/v1/customers');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => Number(r.url.searchParams.get('limit')) <= 20)).toBe(true);
  });

  it('names the box for what the customer means to staff, and can go back to no customer', async () => {
    const platform = fakePlatform({ user: STAFF, customers: MANY });
    const { user } = renderInApp(<ViewAsUser list={LIST} />);
    await user.clear(screen.getByRole('combobox', { name: 'Role' }));
    await user.type(screen.getByRole('combobox', { name: 'Role' }), STAFF.role!);
    const customer = screen.getByRole('combobox', { name: 'Acting for customer' });
    await user.type(customer, 'c0042');
    await user.click(await screen.findByRole('option', { name: 'Customer 0042 (c0042)' }));
    await user.clear(customer);
    await user.click(await screen.findByRole('option', { name: 'No customer' }));
    expect(customer).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/preview')).toHaveLength(1));
    expect(platform.requestsTo('/api/v1/admin/preview')[0]?.body).not.toHaveProperty('customerId');
  });

  it("shows a refused preview in the one shape of a failure, with the service's problems", async () => {
    const refused = { file: 'hs.json', pointer: '/routes/0/path', rule: 'duplicate-path', message: 'path /a twice', hint: 'Change or remove one.' };
    fakePlatform({
      user: STAFF,
      serve: ({ url }) =>
        url.pathname === '/api/v1/admin/preview'
          ? problem(422, 'CFG_ERR_MANIFEST_INVALID', 'the set is not valid', { problems: [refused], moreProblems: 0 })
          : undefined,
    });
    const { user } = renderInApp(<ViewAsUser list={LIST} />);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not preview: the set is not valid')).toBeDefined();
    expect(within(alert).getByRole('listitem').textContent).toContain('[duplicate-path] path /a twice');
  });
});
