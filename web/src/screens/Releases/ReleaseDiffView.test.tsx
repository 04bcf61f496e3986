// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakePlatform, problem } from '../../testing/fakePlatform.ts';
import { noChange, STAFF } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ReleaseDiffView } from './ReleaseDiffView.tsx';

const none = noChange('r1', 'r2');

function diffView(answer: () => unknown) {
  const platform = fakePlatform({ user: STAFF, serve: ({ url }) => (url.pathname === '/api/v1/admin/releases/r2/diff' ? answer() : undefined) });
  const view = renderInApp(<ReleaseDiffView from="r1" to="r2" title="What changes for users" />);
  return { ...view, platform };
}

describe('ReleaseDiffView', () => {
  it('says how many changes users would notice, then each kind of change with its lines', async () => {
    diffView(() => ({
      ...none,
      routeRoles: [{ module: 'dash', fullPath: '/settings/uploads', from: null, to: [] }],
      routesAdded: [{ module: 'lcc', fullPath: '/life-cost/new', title: 'New' }],
    }));
    const region = screen.getByRole('region', { name: /What changes for users/ });
    expect(await within(region).findByText('2 changes users would notice:')).toBeTruthy();
    expect(within(region).getByRole('heading', { name: 'Pages added' })).toBeTruthy();
    expect(within(region).getByText('/life-cost/new “New” (lcc)')).toBeTruthy();
    expect(within(region).getByText('/settings/uploads (dash): every role → nobody')).toBeTruthy();
  });

  it('says when the two releases are the same content', async () => {
    diffView(() => ({ ...none, identical: true }));
    expect(await screen.findByText('No difference: the two are the same content.')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
  });

  it('says the difference cannot be loaded, and asks again on Try again', async () => {
    const { user, platform } = diffView(() => problem(404, 'CFG_ERR_RELEASE_NOT_FOUND', "no release 'r1'"));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Cannot load the difference: no release 'r1'");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(platform.requestsTo('/api/v1/admin/releases/r2/diff')).toHaveLength(2);
  });
});
