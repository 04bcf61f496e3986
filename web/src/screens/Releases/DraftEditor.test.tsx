// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { noChange, STAFF, storedRelease } from '../../testing/releaseFixtures.ts';
import '../../testing/codeMirrorLayout.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { DraftEditor } from './DraftEditor.tsx';
import { draftKey, loadDraft } from './draftStorage.ts';
import { draftFrom } from './releaseDraft.ts';

const [BASE, OTHER] = ['a'.repeat(32), 'b'.repeat(32)];
const base = storedRelease(BASE, {
  'registry.json': { modules: ['lb'] },
  'lb.json': { key: 'lb', name: 'Leaderboard', baseUrl: '/leaderboard', breadcrumbs: true, routes: [] },
});
const noDifference = noChange(BASE, OTHER);

function editor(active = BASE) {
  const platform = fakePlatform({
    user: STAFF,
    serve: ({ url }) => {
      if (url.pathname.endsWith('/diff')) return noDifference;
      // The service's check of a draft is a preview of it, which it refuses with every problem; this one has none.
      if (url.pathname === '/api/v1/admin/preview') return {};
      return undefined;
    },
  });
  const view = renderInApp(
    <DraftEditor sub={STAFF.sub} base={base} active={active} file={undefined} onFileChange={vi.fn()} onRebased={vi.fn()} onPublished={vi.fn()} />,
  );
  return { ...view, platform };
}

describe('DraftEditor', () => {
  it('starts with no change and nothing to publish', () => {
    editor();
    expect(screen.getByText(/No changes yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard the draft' })).toHaveProperty('disabled', true);
    expect(screen.getByText('The draft has no changes yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish and make active' })).toHaveProperty('disabled', true);
  });

  it("edits the first module's exposure in the form, marks its file changed, and keeps the draft in this browser", async () => {
    const { user, platform } = editor();
    expect(screen.getByRole('combobox', { name: 'Module to edit' })).toHaveProperty('value', 'lb.json');
    const roles = screen.getByRole('group', { name: 'Roles' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Every role' }));
    expect(screen.getByText(/Changed:/).textContent).toContain('lb.json');
    const kept = loadDraft(STAFF.sub, BASE);
    expect(JSON.parse(kept!.texts['lb.json']!).exposure).toEqual({ roles: [] });
    // Checked in the browser, then by the service as a whole set: publishing waits for both.
    expect(await screen.findByText('No problems: the service checked the whole set.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish and make active' })).toHaveProperty('disabled', false);
    expect(platform.requestsTo('/api/v1/admin/preview').at(-1)?.body).toMatchObject({ draft: { files: { 'lb.json': { exposure: { roles: [] } } } } });
  });

  it('restores the draft this browser kept, and discards it on request', async () => {
    const kept = draftFrom(BASE, base.files, new Date('2026-11-26T08:00:00Z'));
    kept.texts['registry.json'] = '{ "modules": ["lb", "mr"] }';
    localStorage.setItem(draftKey(STAFF.sub, BASE), JSON.stringify(kept));
    const { user } = editor();
    expect(screen.getByText(/Your draft from/).textContent).toContain('was restored');
    expect(screen.getByText(/Changed:/).textContent).toContain('registry.json');
    await user.click(screen.getByRole('button', { name: 'Discard the draft' }));
    expect(screen.getByText(/No changes yet/)).toBeTruthy();
    expect(loadDraft(STAFF.sub, BASE)).toBeUndefined();
  });

  it('says another release was made active while the draft was edited, and offers to rebase', async () => {
    editor(OTHER);
    expect(screen.getByText(/was made active while you edited/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: `Rebase the draft on ${OTHER}` })).toBeTruthy());
  });
});
