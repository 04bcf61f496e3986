// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Release, ReleaseList } from '@platform/schemas';
import { fakePlatform, problem } from '../../testing/fakePlatform.ts';
import { noChange, releaseSummary, STAFF, STAFF_DASH, storedRelease } from '../../testing/releaseFixtures.ts';
import '../../testing/codeMirrorLayout.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { loadDraft } from './draftStorage.ts';
import { ReleaseDraftScreen } from './ReleaseDraftScreen.tsx';

const [OLD, ACTIVE] = ['a'.repeat(32), 'b'.repeat(32)];
const files = (name: string) => ({
  'registry.json': { modules: ['lb'] },
  'lb.json': { key: 'lb', name, baseUrl: '/leaderboard', breadcrumbs: true, routes: [] },
});
const stored: Record<string, Release> = { [OLD]: storedRelease(OLD, files('Leaderboard')), [ACTIVE]: storedRelease(ACTIVE, files('Leaders'), OLD) };
const LIST: ReleaseList = { active: ACTIVE, pilot: null, releases: [stored[ACTIVE]!, stored[OLD]!].map(releaseSummary), nextCursor: null };

/** The draft screen over a service that lists the releases above and answers a release by id with `release`. */
function draftScreen({ list = () => LIST, release = (id: string) => stored[id] }: { list?: () => unknown; release?: (id: string) => unknown } = {}) {
  const platform = fakePlatform({
    user: STAFF,
    serve: ({ url }) => {
      const path = url.pathname;
      if (path === '/api/v1/admin/releases') return list();
      if (path.endsWith('/diff')) return noChange(url.searchParams.get('against') ?? '', path.split('/').at(-2)!);
      if (path === '/api/v1/admin/preview') return {};
      const id = /^\/api\/v1\/admin\/releases\/(\w+)$/.exec(path)?.[1];
      return id ? release(id) : undefined;
    },
  });
  const view = renderInApp(<ReleaseDraftScreen title="Edit a draft" module={STAFF_DASH} route={STAFF_DASH.routes[1]!} params={{}} />);
  return { ...view, platform };
}

const basePick = () => screen.getByRole('combobox', { name: 'Start from release' });

describe('ReleaseDraftScreen', () => {
  it('says it is loading, then starts a draft from the active release', async () => {
    const { platform } = draftScreen();
    expect(screen.getByRole('status').textContent).toBe('Loading the releases…');
    expect(await screen.findByText(/No changes yet/)).toBeTruthy();
    expect(basePick()).toHaveProperty('value', ACTIVE);
    // Named by short id, as the history names releases: the whole id left no room for when and why on a phone.
    expect(within(basePick()).getByRole('option', { name: new RegExp(`^${ACTIVE.slice(0, 8)} \\(active\\) — `) })).toBeTruthy();
    expect(platform.requestsTo(`/api/v1/admin/releases/${ACTIVE}`)).toHaveLength(1);
    expect(screen.queryByText(/was made active while you edited/)).toBeNull();
  });

  it('keeps an edit in this browser under the release it started from', async () => {
    const { user } = draftScreen();
    await screen.findByText(/No changes yet/);
    await user.click(within(screen.getByRole('group', { name: 'Roles' })).getByRole('checkbox', { name: 'Every role' }));
    expect(screen.getByText(/Changed:/).textContent).toContain('lb.json');
    expect(JSON.parse(loadDraft(STAFF.sub, ACTIVE)!.texts['lb.json']!).exposure).toEqual({ roles: [] });
  });

  it('starts from an earlier release on request, and says it is no longer the active one', async () => {
    const { user } = draftScreen();
    await screen.findByText(/No changes yet/);
    await user.selectOptions(basePick(), OLD);
    expect(await screen.findByText(/was made active while you edited/)).toBeTruthy();
    expect(basePick()).toHaveProperty('value', OLD);
    expect(await screen.findByRole('button', { name: `Rebase the draft on ${ACTIVE}` })).toBeTruthy();
  });

  it('says why the release to start from cannot be loaded, and loads it once Try again succeeds', async () => {
    let answered = 0;
    const { user } = draftScreen({ release: (id) => (answered++ === 0 ? problem(503, 'CFG_ERR_INTERNAL', 'the release store is not reachable') : stored[id]) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Cannot load release ${ACTIVE}`);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No changes yet/)).toBeTruthy();
  });

  it('says why the releases cannot be listed, and offers no draft', async () => {
    draftScreen({ list: () => problem(503, 'CFG_ERR_INTERNAL', 'the release store is not reachable') });
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot load the releases');
    expect(screen.queryByRole('combobox', { name: 'Start from release' })).toBeNull();
  });
});
