// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { AppFrame } from './AppFrame.tsx';
import { CustomerSwitcher } from './CustomerSwitcher.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const CUSTOMERS = [
  { id: 'acme', name: 'Acme Rail', modules: [] },
  { id: 'globex', name: 'Globex Power', modules: [] },
];

async function renderAs(user: TestUser) {
  const platform = fakePlatform({ user, customers: CUSTOMERS });
  const view = renderInApp(<CustomerSwitcher />);
  // The manifest says who the user is; until it is in, nobody sees a switcher.
  await waitFor(() => expect(platform.requestsTo('/api/v1/manifest')).not.toHaveLength(0));
  return { ...view, platform };
}

/** The switcher once the customer list is in (it is disabled until then). */
async function switcher() {
  const select = await screen.findByRole('combobox', { name: 'Customer' });
  await waitFor(() => expect(select).toHaveProperty('disabled', false));
  return select;
}

describe('CustomerSwitcher', () => {
  it('offers staff every customer, starting from all customers', async () => {
    await renderAs(STAFF);
    await switcher();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['All customers', 'Acme Rail', 'Globex Power']);
    expect(screen.getByRole('option', { name: 'All customers', selected: true })).toBeDefined();
  });

  it('acts for the chosen customer: announces it, reloads the navigation for it and keeps it after a reload', async () => {
    const { user, platform, unmount } = await renderAs(STAFF);
    await user.selectOptions(await switcher(), 'Acme Rail');

    expect(await screen.findByText('Acting for Acme Rail')).toBeDefined();
    await waitFor(() => expect(platform.requestsTo('/api/v1/manifest').at(-1)?.headers.get('x-customer-id')).toBe('acme'));
    expect(await screen.findByRole('option', { name: 'Acme Rail', selected: true })).toBeDefined();

    unmount();
    await renderAs(STAFF);
    expect(await screen.findByRole('option', { name: 'Acme Rail', selected: true })).toBeDefined();
  });

  it('goes back to no customer when staff choose all customers', async () => {
    const { user, platform } = await renderAs(STAFF);
    await user.selectOptions(await switcher(), 'Globex Power');
    await screen.findByRole('option', { name: 'Globex Power', selected: true });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Customer' }), 'All customers');
    expect(await screen.findByText('No customer selected')).toBeDefined();
    await waitFor(() => expect(platform.requestsTo('/api/v1/manifest').at(-1)?.headers.has('x-customer-id')).toBe(false));
    expect(await screen.findByRole('option', { name: 'All customers', selected: true })).toBeDefined();
  });

  it('is not there for a customer user, who also clears a choice staff left in this browser', async () => {
    const staff = await renderAs(STAFF);
    await staff.user.selectOptions(await switcher(), 'Acme Rail');
    await screen.findByRole('option', { name: 'Acme Rail', selected: true });
    staff.unmount();

    // In the whole header, so the user's name shows when their manifest is in and the switcher is not.
    fakePlatform({ user: ENGINEER, customers: CUSTOMERS });
    const customer = renderInApp(
      <Routes>
        <Route path="/" element={<AppFrame />} />
      </Routes>,
    );
    expect(await screen.findByRole('link', { name: 'Erin Engineer' })).toBeDefined();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    customer.unmount();

    // The next staff session in this browser starts afresh rather than acting for Acme unasked.
    await renderAs(STAFF);
    await switcher();
    expect(screen.getByRole('option', { name: 'All customers', selected: true })).toBeDefined();
  });
});
