// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { CustomerSwitcher } from './CustomerSwitcher.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const CUSTOMERS = [
  { id: 'acme', name: 'Acme Rail' },
  { id: 'globex', name: 'Globex Power' },
];
/** A provider's worth of customers: more than one answer of suggestions holds. */
const MANY = Array.from({ length: 5_000 }, (_, i) => ({ id: `c${String(i).padStart(4, '0')}`, name: `Customer ${String(i).padStart(4, '0')}` }));

async function renderAs(user: TestUser, customers: { id: string; name: string }[] = CUSTOMERS) {
  const platform = fakePlatform({ user, customers });
  const view = renderInApp(<CustomerSwitcher />);
  // The manifest says who the user is; until it is in, nobody sees a switcher.
  await waitFor(() => expect(platform.requestsTo('/api/v1/manifest')).not.toHaveLength(0));
  return { ...view, platform };
}

const box = () => screen.findByRole('combobox', { name: 'Customer' });
const suggestions = () => screen.getByRole('listbox', { name: 'Customer suggestions' });
const optionNames = () =>
  within(suggestions())
    .getAllByRole('option')
    .map((o) => o.textContent);

/** The user's name once their manifest is in, as the frame's header shows it (the frame is app/, above this kit). */
function SignedInAs() {
  const { data: manifest } = useUserManifest();
  return manifest ? <p>{`${manifest.user.givenName} ${manifest.user.familyName}`}</p> : null;
}

describe('CustomerSwitcher', () => {
  it('offers staff all customers and the customers the service suggests, starting from all customers', async () => {
    const { user } = await renderAs(STAFF);
    const input = await box();
    expect(input).toHaveProperty('value', '');
    expect(input.getAttribute('placeholder')).toBe('All customers');
    await user.click(input);
    await waitFor(() => expect(optionNames()).toEqual(['All customers', 'Acme Rail (acme)', 'Globex Power (globex)']));
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('acts for a customer chosen with the keyboard: announces it, reloads the navigation for it and keeps it after a reload', async () => {
    const { user, platform, unmount } = await renderAs(STAFF);
    const input = await box();
    input.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(optionNames()).toHaveLength(3));
    // The first option is active; the input keeps focus and points at it.
    expect(document.getElementById(input.getAttribute('aria-activedescendant')!)?.textContent).toBe('All customers');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Acme Rail (acme)', selected: true })).toBeDefined();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Acting for Acme Rail')).toBeDefined();
    await waitFor(() => expect(platform.requestsTo('/api/v1/manifest').at(-1)?.headers.get('x-customer-id')).toBe('acme'));
    await waitFor(() => expect(input).toHaveProperty('value', 'Acme Rail'));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(input);

    unmount();
    await renderAs(STAFF);
    await waitFor(async () => expect(await box()).toHaveProperty('value', 'Acme Rail'));
  });

  it('searches on the service as the user types, and never asks for the whole list', async () => {
    const { user, platform } = await renderAs(STAFF, MANY);
    await user.type(await box(), 'tomer 4321');
    await waitFor(() => expect(optionNames()).toEqual(['Customer 4321 (c4321)']));
    expect(screen.getByRole('status').textContent).toBe('1 customer matches.');
    const asked = platform.requestsTo('/api/v1/customers');
    // Asked when typing paused, not at every key; every answer a page of suggestions.
    expect(asked.length).toBeLessThan('tomer 4321'.length);
    expect(asked.every((r) => Number(r.url.searchParams.get('limit')) <= 20)).toBe(true);
    expect(asked.at(-1)?.url.searchParams.get('query')).toBe('tomer 4321');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Acting for Customer 4321')).toBeDefined();
  });

  it('says when more customers match than it shows, and when none does', async () => {
    const { user } = await renderAs(STAFF, MANY);
    const input = await box();
    await user.type(input, 'customer');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('The first 20 matches: type more of the name or id to find others.'));
    expect(optionNames()).toHaveLength(20);
    await user.clear(input);
    await user.type(input, 'initech');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No customer matches “initech”.'));
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input).toHaveProperty('value', '');
  });

  it('goes back to no customer when staff choose all customers with the mouse', async () => {
    const { user, platform } = await renderAs(STAFF);
    const input = await box();
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Globex Power (globex)' }));
    await waitFor(() => expect(input).toHaveProperty('value', 'Globex Power'));

    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'All customers' }));
    expect(await screen.findByText('No customer selected')).toBeDefined();
    await waitFor(() => expect(platform.requestsTo('/api/v1/manifest').at(-1)?.headers.has('x-customer-id')).toBe(false));
    await waitFor(() => expect(input).toHaveProperty('value', ''));
  });

  it('is not there for a customer user, who also clears a choice staff left in this browser', async () => {
    const staff = await renderAs(STAFF);
    await staff.user.click(await box());
    await staff.user.click(await screen.findByRole('option', { name: 'Acme Rail (acme)' }));
    await screen.findByText('Acting for Acme Rail');
    staff.unmount();

    // Beside the user's name, as in the header, so the name shows when their manifest is in and the switcher is not.
    fakePlatform({ user: ENGINEER, customers: CUSTOMERS });
    const customer = renderInApp(
      <>
        <SignedInAs />
        <CustomerSwitcher />
      </>,
    );
    expect(await screen.findByText('Erin Engineer')).toBeDefined();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
    customer.unmount();

    // The next staff session in this browser starts afresh rather than acting for Acme unasked.
    await renderAs(STAFF);
    expect(await box()).toHaveProperty('value', '');
  });
});
