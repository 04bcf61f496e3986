// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { CustomersScreen } from './CustomersScreen.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const CUSTOMERS = [
  { id: 'acme', name: 'Acme Industrial' },
  { id: 'globex', name: 'Globex Power' },
];
const DASH = { key: 'dash', name: 'Dashboard', baseUrl: '/', breadcrumbs: false, landingPath: '/', routes: [] } as ModuleView;
/** Only the service's answers matter here: what the screen's own endpoints say is the test's to choose. */
const quiet = (path: string) =>
  path === '/api/v1/unadded-customers'
    ? { customers: [], usersRead: 0, complete: true }
    : path.endsWith('/audit')
      ? { entries: [], nextCursor: null }
      : undefined;

function screenWith(serve?: (path: string) => unknown) {
  fakePlatform({ user: STAFF, customers: CUSTOMERS, serve: ({ url }) => serve?.(url.pathname) ?? quiet(url.pathname) });
  return renderInApp(<CustomersScreen title="Customers" module={DASH} route={{} as ResolvedRoute} params={{}} />);
}

describe('CustomersScreen', () => {
  it('says it is loading the customers, then lists them and opens the first', async () => {
    screenWith();
    expect(screen.getByRole('status').textContent).toBe('Loading the customers…');
    const list = await screen.findByRole('navigation', { name: 'Customers' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.firstChild?.textContent),
    ).toEqual(['Acme Industrial', 'Globex Power']);
    expect(
      within(list)
        .getByRole('button', { name: /Acme Industrial/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Modules for Acme Industrial' })).toBeDefined();
  });

  it('opens the customer chosen', async () => {
    const { user } = screenWith();
    await user.click(await screen.findByRole('button', { name: /Globex Power/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Name of globex' })).toBeDefined();
  });

  it('says there are no customers yet, and where to add the first', async () => {
    fakePlatform({ user: STAFF, customers: [], serve: ({ url }) => quiet(url.pathname) });
    renderInApp(<CustomersScreen title="Customers" module={DASH} route={{} as ResolvedRoute} params={{}} />);
    expect(await screen.findByText('No customers yet: add the first one above.')).toBeDefined();
    expect(screen.queryByRole('heading', { name: /^Modules for/ })).toBeNull();
  });

  it('says why the customers cannot be loaded, and loads them on Try again', async () => {
    let down = true;
    const { user } = screenWith((path) =>
      down && path === '/api/v1/customers' ? problem(503, 'CFG_ERR_UNAVAILABLE', 'the database is not answering') : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the customers: the database is not answering');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('navigation', { name: 'Customers' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a customer cannot be loaded, beside the list', async () => {
    screenWith((path) => (path === '/api/v1/customers/acme' ? problem(500, 'CFG_ERR_INTERNAL', 'internal error') : undefined));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot load the customer: internal error');
    expect(screen.getByRole('navigation', { name: 'Customers' })).toBeDefined();
  });
});
