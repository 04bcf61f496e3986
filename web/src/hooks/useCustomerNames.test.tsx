// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { useCustomerNames } from './useCustomerNames.ts';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const MANY = Array.from({ length: 5_000 }, (_, i) => ({ id: `c${String(i).padStart(4, '0')}`, name: `Customer ${String(i).padStart(4, '0')}` }));

/** What a screen does with the hook: names in a list, e.g. a pilot's customers. */
function Names({ ids }: { ids: string[] }) {
  const name = useCustomerNames(ids);
  return <p data-testid="names">{ids.map(name).join(', ')}</p>;
}

describe('useCustomerNames', () => {
  it('names exactly the customers shown, however many the provider has, and shows an unknown id as it is', async () => {
    const platform = fakePlatform({ user: STAFF, customers: MANY });
    // c4321 twice: a name is asked for once.
    renderInApp(<Names ids={['c4321', 'initech', 'c0007', 'c4321']} />);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Customer 4321, initech, Customer 0007, Customer 4321'));
    expect(platform.requestsTo('/api/v1/customers')).toEqual([]);
    const asked = ['c4321', 'initech', 'c0007'].map((id) => platform.requestsTo(`/api/v1/customers/${id}`).length);
    expect(asked).toEqual([1, 1, 1]);
  });

  it('shows the ids while the names are on their way', () => {
    fakePlatform({ user: STAFF, customers: MANY });
    renderInApp(<Names ids={['c4321']} />);
    expect(screen.getByTestId('names').textContent).toBe('c4321');
  });
});
