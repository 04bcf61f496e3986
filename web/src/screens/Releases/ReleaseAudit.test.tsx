// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReleaseAuditPage } from '@platform/schemas';
import { fakePlatform, problem, type SeenRequest } from '../../testing/fakePlatform.ts';
import { STAFF } from '../../testing/releaseFixtures.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ReleaseAudit } from './ReleaseAudit.tsx';

const [R1, R2] = ['a'.repeat(32), 'b'.repeat(32)];
type Entry = ReleaseAuditPage['entries'][number];
const entry = (id: string, action: Entry['action'], release: string, previous: string | null, customers: string[], reason: string): Entry => ({
  id,
  at: '2026-11-26T09:00:00.000Z',
  actor: { sub: STAFF.sub, email: STAFF.email },
  action,
  release,
  previous,
  customers,
  reason,
});
const FIRST: ReleaseAuditPage = {
  entries: [
    entry('5', 'pilot-promote', R2, R1, [], 'pilot went well'),
    entry('4', 'pilot-end', R2, null, ['acme'], 'done'),
    entry('3', 'pilot-start', R2, null, ['acme'], 'try it'),
  ],
  nextCursor: '3',
};
const OLDER: ReleaseAuditPage = { entries: [entry('2', 'activate', R1, null, [], 'first'), entry('1', 'publish', R1, null, [], 'first')], nextCursor: null };

/** The audit over a service answering its pages with `audit`; the customer acme is named Acme Rail. */
function releaseAudit(audit: (request: SeenRequest) => unknown) {
  fakePlatform({
    user: STAFF,
    customers: [{ id: 'acme', name: 'Acme Rail' }],
    serve: (r) => (r.url.pathname === '/api/v1/admin/releases/audit' ? audit(r) : undefined),
  });
  return renderInApp(<ReleaseAudit />);
}

const steps = () =>
  within(screen.getByRole('table', { name: 'Release audit' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelectorAll('td')[2]?.textContent);

describe('ReleaseAudit', () => {
  it('says every step in words, naming pilot customers, and pages back through older steps', async () => {
    const { user } = releaseAudit(({ url }) => (url.searchParams.get('cursor') === '3' ? OLDER : FIRST));
    await screen.findByRole('table', { name: 'Release audit' });
    expect(await screen.findByText(`ended the pilot of ${R2} with Acme Rail`)).toBeTruthy();
    expect(steps()).toEqual([
      `promoted the pilot ${R2} to everyone (was ${R1})`,
      `ended the pilot of ${R2} with Acme Rail`,
      `started a pilot of ${R2} with Acme Rail`,
    ]);
    await user.click(screen.getByRole('button', { name: 'Show older steps' }));
    await screen.findByText(`published ${R1}`);
    expect(steps().slice(3)).toEqual([`made ${R1} active`, `published ${R1}`]);
    expect(screen.queryByRole('button', { name: 'Show older steps' })).toBeNull();
  });

  it('says when a pilot was ended by its guard rather than by a person', async () => {
    const tripped = { ...entry('6', 'pilot-end', R2, null, ['acme'], 'guard: lcc failed 5 of 5 opens'), actor: { sub: 'pilot-guard', email: '' } };
    releaseAudit(() => ({ entries: [tripped], nextCursor: null }));
    expect(await screen.findByText(`ended the pilot of ${R2} with Acme Rail (its guard tripped)`)).toBeTruthy();
  });

  it('says there are no steps yet', async () => {
    releaseAudit(() => ({ entries: [], nextCursor: null }));
    expect(await screen.findByText('No steps yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the audit cannot be loaded, and loads it once Try again succeeds', async () => {
    let answered = 0;
    const { user } = releaseAudit(() => (answered++ === 0 ? problem(503, 'CFG_ERR_INTERNAL', 'the audit store is not reachable') : FIRST));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the audit');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Release audit' })).toBeTruthy();
  });
});
