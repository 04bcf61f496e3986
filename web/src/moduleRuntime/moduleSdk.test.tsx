// @vitest-environment jsdom
// The SDK's query hook as the shell provides it to bundles: through the shell's client and query cache.
import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '../hooks/useSession.ts';
import { selectSiteGroups } from '../selection/siteGroupSelection.ts';
import { fakePlatform, type TestUser } from '../testing/fakePlatform.ts';
import { renderInApp } from '../testing/renderInApp.tsx';
import { usePlatformQuery } from './moduleSdk.tsx';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const SITES = '/api/main/customers/acme/sites';

/** A bundle's screen reading the main backend's sites, or nothing for a null path. */
function Sites({ path }: { path: string | null }) {
  const sites = usePlatformQuery<{ names: string[] }>('main', path, { query: { page: 1 } });
  if (sites.loading) return <p role="status">Loading…</p>;
  if (sites.error) return <p role="alert">{sites.error.message}</p>;
  return <p>{sites.data ? sites.data.names.join(', ') : 'Nothing asked'}</p>;
}

/** As the shell does, screens render once the session is read. */
function SignedIn({ children }: { children: ReactNode }) {
  return useQuery(sessionQuery).data ? children : null;
}

function open(path: string | null) {
  const platform = fakePlatform({
    user: ENGINEER,
    serve: ({ url }) => (url.pathname === SITES ? { names: url.searchParams.get('siteGroup') ? ['North'] : ['North', 'South'] } : undefined),
  });
  renderInApp(
    <SignedIn>
      <Sites path={path} />
      <Sites path={path} />
    </SignedIn>,
  );
  return platform;
}

describe('usePlatformQuery', () => {
  it('asks once for every screen part that shows the path, and again for another site-group selection', async () => {
    const platform = open(SITES.replace('/api/main', ''));
    expect(await screen.findAllByText('North, South')).toHaveLength(2);
    expect(platform.requestsTo(SITES).map((r) => r.url.search)).toEqual(['?page=1']);
    act(() => selectSiteGroups('acme', ['g-north']));
    expect(await screen.findAllByText('North')).toHaveLength(2);
    expect(platform.requestsTo(SITES).map((r) => r.url.search)).toEqual(['?page=1', '?page=1&siteGroup=g-north']);
  });

  it('says why a call failed', async () => {
    open('/customers/acme/nowhere');
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
  });

  it('asks nothing for a null path', async () => {
    const platform = open(null);
    expect(await screen.findAllByText('Nothing asked')).toHaveLength(2);
    expect(platform.requestsTo(SITES)).toEqual([]);
  });
});
