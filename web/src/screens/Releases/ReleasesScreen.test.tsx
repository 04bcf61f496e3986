// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleaseList } from '@platform/schemas';
import { fakePlatform, problem, type SeenRequest } from '../../testing/fakePlatform.ts';
import { noChange, releaseSummary, STAFF, STAFF_DASH, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ReleasesScreen } from './ReleasesScreen.tsx';

const [OLD, ACTIVE, NEW] = ['a'.repeat(32), 'b'.repeat(32), 'c'.repeat(32)];
const stored = Object.fromEntries([OLD, ACTIVE, NEW].map((id) => [id, storedRelease(id, { 'registry.json': { modules: [] } })]));
/** Newest first, as the service lists them: one published after the active release, one before it. */
const LIST: ReleaseList = { active: ACTIVE, pilot: null, releases: [NEW, ACTIVE, OLD].map((id) => releaseSummary(stored[id]!)), nextCursor: null };

/** The screen over a service that answers the list with `list` (asked each time) and knows the releases above. */
function releasesScreen(list: (request: SeenRequest) => unknown = () => LIST) {
  const platform = fakePlatform({
    user: STAFF,
    serve: (request) => {
      const path = request.url.pathname;
      if (path === '/api/v1/admin/releases') return list(request);
      if (path === '/api/v1/admin/releases/audit') return { entries: [], nextCursor: null };
      const diff = /^\/api\/v1\/admin\/releases\/(\w+)\/diff$/.exec(path);
      if (diff) return noChange(request.url.searchParams.get('against') ?? '', diff[1]!);
      return stored[path.split('/').at(-1) ?? ''];
    },
  });
  const view = renderInApp(<ReleasesScreen title="Releases" module={STAFF_DASH} route={STAFF_DASH.routes[0]!} params={{}} />);
  return { ...view, platform };
}

/** Each release's row as it reads: its id (the whole one, in its tooltip) and where it stands. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Releases' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').querySelector('code')?.title, row.querySelector('.badge')?.textContent]);

describe('ReleasesScreen', () => {
  it('says it is loading the releases, then which one is served and where every release stands', async () => {
    releasesScreen();
    expect(screen.getByRole('status').textContent).toBe('Loading the releases…');
    await screen.findByRole('table', { name: 'Releases' });
    expect(rows()).toEqual([
      [NEW, 'Not in service'],
      [ACTIVE, 'Active: everyone'],
      [OLD, 'Earlier'],
    ]);
    const inService = screen.getByRole('region', { name: 'In service' });
    expect(within(inService).getByTestId('active-release').textContent).toBe(ACTIVE);
    expect(within(inService).getByText('No pilot: every customer gets the active release.')).toBeTruthy();
    const edit = screen.getByRole('link', { name: 'Edit a draft of the active release' });
    expect(edit.getAttribute('href')).toBe(`/settings/releases/draft?base=${ACTIVE}`);
    expect(await screen.findByText('No steps yet.')).toBeTruthy();
  });

  it('says why the releases cannot be loaded, and shows them once Try again succeeds', async () => {
    let answered = 0;
    const { user } = releasesScreen(() => (answered++ === 0 ? problem(503, 'CFG_ERR_INTERNAL', 'the release store is not reachable') : LIST));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the releases');
    expect(screen.queryByRole('table', { name: 'Releases' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Releases' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no step on the active release when it is the only one, and says the audit is empty', async () => {
    releasesScreen(() => ({ ...LIST, releases: [releaseSummary(stored[ACTIVE]!)] }));
    await screen.findByRole('table', { name: 'Releases' });
    expect(rows()).toEqual([[ACTIVE, 'Active: everyone']]);
    expect(screen.queryByRole('button', { name: /Make active|Roll back|Pilot|Compare/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit as a draft' }).getAttribute('href')).toBe(`/settings/releases/draft?base=${ACTIVE}`);
    expect(await screen.findByText('No steps yet.')).toBeTruthy();
  });

  it('compares two selected releases going forward in time, whichever was selected first', async () => {
    const { user, platform } = releasesScreen();
    await screen.findByRole('table', { name: 'Releases' });
    await user.click(screen.getByRole('checkbox', { name: `Select ${NEW} for comparison` }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${OLD} for comparison` }));
    expect(await screen.findByRole('heading', { name: `Difference: ${OLD} → ${NEW}` })).toBeTruthy();
    expect(platform.requestsTo(`/api/v1/admin/releases/${NEW}/diff`)[0]?.url.searchParams.get('against')).toBe(OLD);
  });

  it('opens the step chosen on a row, showing what it changes for users', async () => {
    const { user } = releasesScreen();
    await screen.findByRole('table', { name: 'Releases' });
    await user.click(screen.getByRole('button', { name: 'Roll back to this…' }));
    expect(screen.getByRole('heading', { name: `Make ${OLD} active` })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: `What changes for users: ${ACTIVE} → ${OLD}` })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: `Make ${OLD} active` })).toBeNull();
  });

  it("takes the keyboard into the step's form, and back to the row's button when it closes", async () => {
    const { user } = releasesScreen();
    await screen.findByRole('table', { name: 'Releases' });
    const pilot = screen.getAllByRole('button', { name: 'Pilot…' })[0]!;
    pilot.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Add a customer to the pilot' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(pilot);
    const rollBack = screen.getByRole('button', { name: 'Roll back to this…' });
    rollBack.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason for making it active' }));
  });
});
