// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { type CustomerChoice, CustomerCombobox } from './CustomerCombobox.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const CUSTOMERS = [
  { id: 'acme', name: 'Acme Industrial' },
  { id: 'beta', name: 'Beta Works' },
  { id: 'globex', name: 'Globex Energy' },
  { id: 'gloria', name: 'Gloria Mills' },
];
const GLOBEX = { id: 'globex', name: 'Globex Energy' };

/**
 * The service's answer to a search for `query` is held back until the test releases it, so the box
 * is seen while the previous search's answer is all it has.
 */
function holdAnswerFor(query: string) {
  const answer = globalThis.fetch;
  const asked: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const searched = new URL(String(input), 'http://localhost').searchParams.get('query');
    if (searched !== null) asked.push(searched);
    if (searched === query) await held;
    return answer(input, init);
  });
  return { asked, release };
}

/** The box as the top bar has it, with the answer for "glo" held back. */
async function boxShowingAllCustomers(value: CustomerChoice | null = null) {
  fakePlatform({ user: STAFF, customers: CUSTOMERS });
  const glo = holdAnswerFor('glo');
  const onChoose = vi.fn();
  const { user } = renderInApp(<CustomerCombobox label="Customer" value={value} noneLabel="All customers" onChoose={onChoose} />);
  const box = screen.getByRole('combobox', { name: 'Customer' });
  await user.click(box);
  expect(await screen.findByRole('option', { name: 'Acme Industrial (acme)' })).toBeDefined();
  return { user, box, onChoose, glo };
}

describe('CustomerCombobox, while the answer for what it holds is awaited', () => {
  it('never lets ArrowDown and Enter choose from the previous answer: it waits and chooses from the new one', async () => {
    const { user, box, onChoose, glo } = await boxShowingAllCustomers();
    await user.type(box, 'glo');
    await waitFor(() => expect(glo.asked).toContain('glo'));
    // The answer for "" is still in hand; it is not offered for "glo".
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Searching…');

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    glo.release();
    await waitFor(() => expect(onChoose).toHaveBeenCalled());
    expect(onChoose.mock.calls).toEqual([[GLOBEX]]);
  });

  it('chooses the first match for the typed text on Enter pressed before typing paused, never all customers', async () => {
    const { user, box, onChoose, glo } = await boxShowingAllCustomers({ id: 'beta', name: 'Beta Works' });
    await user.clear(box);
    await user.type(box, 'glo{Enter}');
    expect(onChoose).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'glo');
    glo.release();
    await waitFor(() => expect(onChoose).toHaveBeenCalled());
    expect(onChoose.mock.calls).toEqual([[GLOBEX]]);
  });

  it('drops a waiting Enter when the text changes before its answer comes', async () => {
    const { user, box, onChoose, glo } = await boxShowingAllCustomers();
    await user.type(box, 'glo{Enter}r');
    glo.release();
    expect(await screen.findByRole('option', { name: 'Gloria Mills (gloria)' })).toBeDefined();
    expect(onChoose).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'glor');
  });
});
