// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReleaseDiff } from '@platform/schemas';
import { fakePlatform, problem } from '../../testing/fakePlatform.ts';
import { noChange, STAFF, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { BaseMoved } from './BaseMoved.tsx';
import { draftKey, loadDraft } from './draftStorage.ts';
import { draftFrom } from './releaseDraft.ts';

const [OLD, NEW] = ['a'.repeat(32), 'b'.repeat(32)];
const release = (id: string, name: string) =>
  storedRelease(id, { 'registry.json': { modules: ['lb'] }, 'lb.json': { key: 'lb', name, baseUrl: '/leaderboard', breadcrumbs: true, routes: [] } });
const diff: ReleaseDiff = { ...noChange(OLD, NEW), renamed: [{ key: 'lb', from: 'Leaderboard', to: 'Leaders' }] };

/** A draft from OLD that changed the registry, and the panel shown once NEW was activated meanwhile. */
function baseMoved(activeRelease: () => unknown = () => release(NEW, 'Leaders'), storedAs?: string) {
  fakePlatform({
    user: STAFF,
    serve: ({ url }) => {
      if (url.pathname === `/api/v1/admin/releases/${NEW}/diff`) return diff;
      if (url.pathname === `/api/v1/admin/releases/${NEW}`) return activeRelease();
      return undefined;
    },
  });
  const base = release(OLD, 'Leaderboard');
  const draft = draftFrom(OLD, base.files);
  draft.texts['registry.json'] = '{ "modules": ["lb", "mr"] }';
  localStorage.setItem(draftKey(STAFF.sub, OLD), JSON.stringify(draft));
  const onRebased = vi.fn();
  const view = renderInApp(<BaseMoved sub={STAFF.sub} draft={draft} base={base} active={NEW} storedAs={storedAs} onRebased={onRebased} />);
  return { ...view, onRebased };
}

describe('BaseMoved', () => {
  it('shows what the release activated meanwhile changed, in the one wording', async () => {
    baseMoved();
    expect(screen.getByText(/was made active while you edited/)).toBeTruthy();
    expect(screen.getByText(/Publishing now would be refused rather than overwrite it/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Modules renamed' })).toBeTruthy();
    expect(screen.getByText('lb: “Leaderboard” → “Leaders”')).toBeTruthy();
  });

  it('says where a refused publication was stored', () => {
    baseMoved(undefined, 'c'.repeat(32));
    expect(screen.getByText(/your draft was stored as release/).textContent).toContain('c'.repeat(32));
  });

  it('moves the draft onto the active release, keeping the change, and keeps it under the new base only', async () => {
    const { user, onRebased } = baseMoved();
    await user.click(screen.getByRole('button', { name: `Rebase the draft on ${NEW}` }));
    await waitFor(() => expect(onRebased).toHaveBeenCalledWith(NEW, []));
    const rebased = loadDraft(STAFF.sub, NEW);
    expect(JSON.parse(rebased!.texts['registry.json']!)).toEqual({ modules: ['lb', 'mr'] });
    expect(JSON.parse(rebased!.texts['lb.json']!).name).toBe('Leaders');
    expect(loadDraft(STAFF.sub, OLD)).toBeUndefined();
  });

  it('says why the draft could not be rebased, and leaves it where it was', async () => {
    const { user, onRebased } = baseMoved(() => problem(404, 'CFG_ERR_RELEASE_NOT_FOUND', `no release '${NEW}'`));
    await user.click(screen.getByRole('button', { name: `Rebase the draft on ${NEW}` }));
    expect((await screen.findByText(`Could not rebase the draft: no release '${NEW}'`)).closest('[role="alert"]')).toBeTruthy();
    expect(onRebased).not.toHaveBeenCalled();
    expect(loadDraft(STAFF.sub, OLD)).toBeDefined();
  });
});
