// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleaseState } from '@platform/schemas';
import { fakePlatform, problem, type SeenRequest } from '../../testing/fakePlatform.ts';
import { noChange, releaseSummary, STAFF, storedRelease } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { InService } from './InService.tsx';

const [ACTIVE, PILOT] = ['a'.repeat(32), 'b'.repeat(32)];
const stored = { [ACTIVE]: storedRelease(ACTIVE, { 'registry.json': { modules: [] } }), [PILOT]: storedRelease(PILOT, { 'registry.json': { modules: [] } }) };
const PILOTED: ReleaseState = { active: ACTIVE, pilot: { release: PILOT, customers: ['acme'] } };

/** The panel for `state`, over a service that answers the pilot's steps with `step`. */
function inService(state: ReleaseState = PILOTED, step: (request: SeenRequest) => unknown = () => ({ active: PILOT, pilot: null })) {
  const platform = fakePlatform({
    user: STAFF,
    serve: (request) => {
      const path = request.url.pathname;
      if (path.startsWith('/api/v1/admin/releases/pilot')) return step(request);
      if (path.endsWith('/diff')) return noChange(ACTIVE, PILOT);
      return stored[path.split('/').at(-1) ?? ''];
    },
  });
  const view = renderInApp(<InService state={state} summary={releaseSummary(stored[ACTIVE]!)} customerName={(id) => (id === 'acme' ? 'Acme Rail' : id)} />);
  return { ...view, platform };
}

describe('InService', () => {
  it('says which release everyone is served, who published it and why, and that there is no pilot', () => {
    inService({ active: ACTIVE, pilot: null });
    expect(screen.getByTestId('active-release').textContent).toBe(ACTIVE);
    expect(screen.getByText(/published by sam@provider\.test/).textContent).toContain('“a test release”');
    expect(screen.getByText('No pilot: every customer gets the active release.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Promote the pilot to everyone' })).toBeNull();
  });

  it('names the pilot customers and shows what the pilot changes', async () => {
    inService();
    expect(screen.getByTestId('pilot').textContent).toContain(`release ${PILOT} is served to the users of Acme Rail`);
    expect(await screen.findByRole('heading', { name: `What the pilot changes: ${ACTIVE} → ${PILOT}` })).toBeTruthy();
  });

  it('asks for a reason before promoting or ending the pilot', async () => {
    const { user, platform } = inService();
    await user.click(screen.getByRole('button', { name: 'Promote the pilot to everyone' }));
    expect(screen.getByText(/Say why, before ending or promoting the pilot/)).toBeTruthy();
    expect(platform.requestsTo('/api/v1/admin/releases/pilot/promote')).toHaveLength(0);
  });

  it('promotes the pilot on condition that the active release has not moved on, and says so', async () => {
    const { user, platform } = inService();
    await user.type(screen.getByRole('textbox', { name: 'Reason for promoting or ending the pilot' }), 'pilot went well');
    await user.click(screen.getByRole('button', { name: 'Promote the pilot to everyone' }));
    expect(await screen.findByText(`Release ${PILOT} is now served to everyone`)).toBeTruthy();
    const [promote] = platform.requestsTo('/api/v1/admin/releases/pilot/promote');
    expect(promote?.headers.get('if-match')).toBe(`"${ACTIVE}"`);
    expect(promote?.body).toEqual({ release: PILOT, reason: 'pilot went well' });
  });

  it('ends the pilot, and says who is served what when someone else took a step meanwhile', async () => {
    const current = { active: PILOT, pilot: null };
    const { user, platform } = inService(PILOTED, () => problem(409, 'CFG_ERR_CONFLICT', 'moved on', { current }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for promoting or ending the pilot' }), 'pilot customers reported a problem');
    await user.click(screen.getByRole('button', { name: 'End the pilot' }));
    expect(
      await screen.findByText(
        `Someone else changed the releases meanwhile: ${PILOT} is active now; there is no pilot. Nothing was changed: look again and decide.`,
      ),
    ).toBeTruthy();
    await waitFor(() => expect(platform.requestsTo('/api/v1/admin/releases/pilot')[0]?.method).toBe('DELETE'));
  });
});
