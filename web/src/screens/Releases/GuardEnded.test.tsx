// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleaseAuditPage } from '@platform/schemas';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { STAFF } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { GuardEnded } from './GuardEnded.tsx';

const RELEASE = 'b'.repeat(32);
const REASON = 'guard (max 20.0% failing of at least 5 opens): module lcc bundle 5.0.0 failed 5 of 5 opens (100.0%) for acme';
type Entry = ReleaseAuditPage['entries'][number];
const step = (actor: Entry['actor'], action: Entry['action'] = 'pilot-end'): Entry => ({
  id: '9',
  at: new Date(Date.now() - 120_000).toISOString(),
  actor,
  action,
  release: RELEASE,
  previous: null,
  customers: ['acme'],
  reason: REASON,
});

function guardEnded(latest: Entry) {
  const platform = fakePlatform({
    user: STAFF,
    serve: (r) => (r.url.pathname === '/api/v1/admin/releases/audit' ? ({ entries: [latest], nextCursor: null } satisfies ReleaseAuditPage) : undefined),
  });
  return { ...renderInApp(<GuardEnded />), platform };
}

describe('GuardEnded', () => {
  it('says the guard ended the pilot, when, and the figures that tripped it', async () => {
    guardEnded(step({ sub: 'pilot-guard', email: '' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(`The pilot's guard ended the pilot of ${RELEASE} 2 minutes ago: its customers are served the active release again.`);
    expect(notice.textContent).toContain(REASON);
  });

  it('says nothing when a person ended the pilot, or something happened since', async () => {
    for (const latest of [step({ sub: STAFF.sub, email: STAFF.email }), step({ sub: 'pilot-guard', email: '' }, 'activate')]) {
      const { unmount, platform } = guardEnded(latest);
      await waitFor(() => expect(platform.requestsTo('/api/v1/admin/releases/audit')).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('status')).toBeNull();
      unmount();
    }
  });
});
