// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { StepForm } from './StepForm.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
/** A provider's worth of customers: far more than one answer of suggestions holds. */
const MANY = Array.from({ length: 5_000 }, (_, i) => ({ id: `c${String(i).padStart(4, '0')}`, name: `Customer ${String(i).padStart(4, '0')}` }));

function pilotForm() {
  const platform = fakePlatform({ user: STAFF, customers: MANY });
  const view = renderInApp(<StepForm kind="pilot" release="r2" active="r1" onDone={vi.fn()} />);
  return { ...view, platform };
}

const box = () => screen.getByRole('combobox', { name: 'Add a customer to the pilot' });
const chosen = () =>
  within(screen.getByRole('list', { name: 'Customers in the pilot' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('StepForm, piloting a release', () => {
  it('finds any of thousands of customers by typing, asking the service for a page of suggestions at a time', async () => {
    const { user, platform } = pilotForm();
    await user.type(box(), '4321');
    await user.click(await screen.findByRole('option', { name: 'Customer 4321 (c4321)' }));
    await user.type(box(), 'customer 000');
    await user.click(await screen.findByRole('option', { name: 'Customer 0007 (c0007)' }));
    expect(chosen()).toEqual(['Customer 4321 (c4321) Remove', 'Customer 0007 (c0007) Remove']);
    // The box is empty again for the next one.
    expect(box()).toHaveProperty('value', '');

    const asked = platform.requestsTo('/api/v1/customers');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => Number(r.url.searchParams.get('limit')) <= 20)).toBe(true);
  });

  it('no longer offers a customer already in the pilot, and lets it be removed', async () => {
    const { user } = pilotForm();
    await user.type(box(), 'c4321');
    await user.click(await screen.findByRole('option', { name: 'Customer 4321 (c4321)' }));
    await user.type(box(), 'c432');
    // c4320 to c4329 match; the one chosen is left out.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('9 customers match.'));
    expect(screen.queryByRole('option', { name: 'Customer 4321 (c4321)' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove Customer 4321' }));
    expect(screen.queryByRole('list', { name: 'Customers in the pilot' })).toBeNull();
  });

  it('starts the pilot with the ids of the customers chosen, and refuses without one', async () => {
    const { user, platform } = pilotForm();
    await user.type(screen.getByRole('textbox', { name: 'Reason for the pilot' }), 'tries it first');
    await user.click(screen.getByRole('button', { name: 'Start the pilot' }));
    const customers = screen.getByRole('group', { name: 'Customers in the pilot' });
    expect(within(customers).getByRole('alert').textContent).toBe('Choose at least one customer for the pilot.');
    expect(box().getAttribute('aria-describedby')).toBe(within(customers).getByRole('alert').id);

    await user.type(box(), '4321');
    await user.click(await screen.findByRole('option', { name: 'Customer 4321 (c4321)' }));
    await user.click(screen.getByRole('button', { name: 'Start the pilot' }));
    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/releases/pilot')).toHaveLength(1));
    expect(platform.requestsTo('/api/v1/admin/releases/pilot')[0]).toMatchObject({
      method: 'PUT',
      body: { release: 'r2', customers: ['c4321'], reason: 'tries it first' },
    });
  });
});

describe('StepForm, a guarded pilot', () => {
  const startWith = async (user: ReturnType<typeof pilotForm>['user'], rate: string, opens: string) => {
    await user.type(box(), '4321');
    await user.click(await screen.findByRole('option', { name: 'Customer 4321 (c4321)' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for the pilot' }), 'new screens');
    const guard = screen.getByRole('group', { name: 'Guard (optional)' });
    if (rate) await user.type(within(guard).getByRole('spinbutton', { name: 'Highest failure rate (%)' }), rate);
    if (opens) await user.type(within(guard).getByRole('spinbutton', { name: 'Opens before it judges' }), opens);
    await user.click(screen.getByRole('button', { name: 'Start the pilot' }));
  };

  it('sends the guard with the pilot, the rate as a share', async () => {
    const { user, platform } = pilotForm();
    await startWith(user, '5', '20');
    // Five opens of each user count: the hint says how many users the sample needs.
    expect(within(screen.getByRole('group', { name: 'Guard (optional)' })).getByText(/20 opens need at least 4 users\./)).toBeDefined();
    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/releases/pilot')).toHaveLength(1));
    expect(platform.requestsTo('/api/v1/admin/releases/pilot')[0]!.body).toEqual({
      release: 'r2',
      customers: ['c4321'],
      reason: 'new screens',
      guard: { maxErrorRate: 0.05, minOpens: 20 },
    });
  });

  it('starts an unguarded pilot with the fields left empty, and refuses half a guard', async () => {
    const half = pilotForm();
    await startWith(half.user, '5', '');
    const opens = screen.getByRole('spinbutton', { name: 'Opens before it judges' });
    expect(screen.getByText('Give the fewest opens too, or leave both empty for no guard.').id).toBe(opens.getAttribute('aria-describedby'));
    expect(half.platform.requestsTo('/api/v1/admin/releases/pilot')).toEqual([]);
    half.unmount();

    const { user, platform } = pilotForm();
    await startWith(user, '', '');
    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/releases/pilot')).toHaveLength(1));
    expect(platform.requestsTo('/api/v1/admin/releases/pilot')[0]!.body).not.toHaveProperty('guard');
  });
});
