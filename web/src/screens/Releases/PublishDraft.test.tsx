// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakePlatform, problem, type SeenRequest } from '../../testing/fakePlatform.ts';
import { STAFF, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { PublishDraft } from './PublishDraft.tsx';

const BASE = 'a'.repeat(32);
const STORED = 'b'.repeat(32);
const TEXTS = { 'registry.json': '{ "modules": [] }' };
const stored = storedRelease(STORED, { 'registry.json': { modules: [] } }, BASE);

/** The publishing form over a service that answers the two steps with `publish` and `activate`. */
function publishForm(answers: { publish?: (r: SeenRequest) => unknown; activate?: (r: SeenRequest) => unknown } = {}, blockedBecause?: string) {
  const platform = fakePlatform({
    user: STAFF,
    serve: (request) => {
      if (request.url.pathname === '/api/v1/admin/releases' && request.method === 'POST') return (answers.publish ?? (() => stored))(request);
      if (request.url.pathname === '/api/v1/admin/releases/active') return (answers.activate ?? (() => ({ active: STORED, pilot: null })))(request);
      return undefined;
    },
  });
  const onPublished = vi.fn();
  const onConflict = vi.fn();
  const view = renderInApp(<PublishDraft base={BASE} texts={TEXTS} blockedBecause={blockedBecause} onPublished={onPublished} onConflict={onConflict} />);
  const publish = async (reason = 'new screens') => {
    await view.user.type(screen.getByRole('textbox', { name: 'Reason for publishing' }), reason);
    await view.user.click(screen.getByRole('button', { name: 'Publish and make active' }));
  };
  return { ...view, platform, onPublished, onConflict, publish };
}

describe('PublishDraft', () => {
  it('stores the draft as a release, then makes it active on condition that its base still is', async () => {
    const { platform, onPublished, publish } = publishForm();
    await publish();
    await waitFor(() => expect(onPublished).toHaveBeenCalledWith(STORED));
    expect(platform.requestsTo('/api/v1/admin/releases')[0]?.body).toEqual({ files: { 'registry.json': { modules: [] } }, reason: 'new screens' });
    const [activation] = platform.requestsTo('/api/v1/admin/releases/active');
    expect(activation?.headers.get('if-match')).toBe(`"${BASE}"`);
    expect(activation?.body).toEqual({ release: STORED, reason: 'new screens' });
    expect(await screen.findByText(`Release ${STORED} is published and served to everyone`)).toBeTruthy();
  });

  it('asks for a reason before sending anything', async () => {
    const { user, platform } = publishForm();
    await user.click(screen.getByRole('button', { name: 'Publish and make active' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Say why, before publishing/);
    expect(platform.requestsTo('/api/v1/admin/releases')).toHaveLength(0);
  });

  it('says the draft could not be published, and lists the problems the service found', async () => {
    const refusal = problem(422, 'CFG_ERR_MANIFEST_INVALID', 'the manifest set is invalid', {
      problems: [{ file: 'registry.json', pointer: '/modules', rule: 'schema:type', message: 'must be array', hint: 'list the module keys' }],
      moreProblems: 0,
    });
    const { publish, onPublished, platform } = publishForm({ publish: () => refusal });
    await publish();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not publish: the manifest set is invalid')).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toMatch(/registry\.json.*\/modules.*\[schema:type\] must be array/);
    expect(platform.requestsTo('/api/v1/admin/releases/active')).toHaveLength(0);
    expect(onPublished).not.toHaveBeenCalled();
  });

  it('hands a release activated meanwhile to the screen, with the draft stored but not active, and shows no failure', async () => {
    const current = { active: 'c'.repeat(32), pilot: null };
    const { publish, onConflict, onPublished } = publishForm({ activate: () => problem(409, 'CFG_ERR_CONFLICT', 'moved on', { current }) });
    await publish();
    await waitFor(() => expect(onConflict).toHaveBeenCalledWith({ storedAs: STORED, current }));
    expect(onPublished).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why publishing must wait, and does not offer it', () => {
    publishForm({}, 'Publishing waits until the draft has no problems.');
    expect(screen.getByText('Publishing waits until the draft has no problems.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish and make active' })).toHaveProperty('disabled', true);
  });
});
