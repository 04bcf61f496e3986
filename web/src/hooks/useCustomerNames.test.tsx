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
  it('names exactly the customers shown, in one request, however many the provider has, and shows an unknown id as it is', async () => {
    const platform = fakePlatform({ user: STAFF, customers: MANY });
    // c4321 twice: a name is asked for once.
    renderInApp(<Names ids={['c4321', 'initech', 'c0007', 'c4321']} />);
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Customer 4321, initech, Customer 0007, Customer 4321'));
    const asked = platform.requestsTo('/api/v1/customers');
    expect(asked.map((r) => r.url.searchParams.get('ids'))).toEqual(['c0007,c4321,initech']);
    expect(platform.requests.filter((r) => r.url.pathname.startsWith('/api/v1/customers/'))).toEqual([]);
  });

  it("names a page of users' 200 customers in one request", async () => {
    const platform = fakePlatform({ user: STAFF, customers: MANY });
    const page = MANY.slice(1000, 1200).map((c) => c.id);
    renderInApp(<Names ids={page} />);
    await waitFor(() =>
      expect(screen.getByTestId('names').textContent).toBe(
        MANY.slice(1000, 1200)
          .map((c) => c.name)
          .join(', '),
      ),
    );
    expect(platform.requestsTo('/api/v1/customers')).toHaveLength(1);
    expect(platform.requests.filter((r) => r.url.pathname.startsWith('/api/v1/customers/'))).toEqual([]);
  });

  it('shows the ids while the names are on their way', () => {
    fakePlatform({ user: STAFF, customers: MANY });
    renderInApp(<Names ids={['c4321']} />);
    expect(screen.getByTestId('names').textContent).toBe('c4321');
  });
});
