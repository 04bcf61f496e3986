// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserAuditPage } from '@platform/schemas';
import { createApiClient } from '../../api/apiClient.ts';
import { fakePlatform, NO_BACKENDS, problem, TEST_CONFIG, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { UserAudit } from './UserAudit.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const UM = '/api/user-management';
const client = createApiClient({ backends: { ...NO_BACKENDS, userManagement: UM }, regions: TEST_CONFIG.backendRegions, siteGroups: () => [] });
type Entry = UserAuditPage['entries'][number];
const base = { at: '2026-03-01T09:30:00Z', actor: { sub: 's', email: 'sam@provider.test' }, username: 'u-erin', email: 'erin@acme.test' };
const ENTRIES: Entry[] = [
  { ...base, id: '2', action: 'change', changes: [{ field: 'role', before: 'customer', after: 'sentient' }], reason: 'joined the provider' },
  { ...base, id: '1', action: 'reset-mfa', changes: [], reason: 'lost their phone' },
] as Entry[];

function audit(answer: () => unknown) {
  fakePlatform({ user: STAFF, serve: ({ url }) => (url.pathname === `${UM}/audit` ? answer() : undefined) });
  return renderInApp(<UserAudit client={client} />);
}

describe('UserAudit', () => {
  it('shows who changed which user, what and why, with the fields by name', async () => {
    audit(() => ({ entries: ENTRIES, nextCursor: null }));
    const table = await screen.findByRole('table', { name: 'User changes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(2)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['erin@acme.test', 'Changed', 'Role: customer → sentient', 'joined the provider'],
      ['erin@acme.test', 'MFA reset', '—', 'lost their phone'],
    ]);
  });

  it('shows a reconciliation staff asked for as concerning all users, with its reason', async () => {
    audit(() => ({
      entries: [{ ...base, id: '9', username: '', email: '', action: 'sync', changes: [], reason: 'deleted bob in the console', outcome: 'done' }],
      nextCursor: null,
    }));
    const table = await screen.findByRole('table', { name: 'User changes' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.slice(2).map((c) => c.textContent)).toEqual(['All users', 'Directory reconciliation asked for', '—', 'deleted bob in the console']);
  });

  it('says which changes were refused, failed or never seen to end', async () => {
    audit(() => ({
      entries: [
        { ...base, id: '5', action: 'disable', changes: [], reason: 'a', outcome: 'refused' },
        { ...base, id: '4', action: 'enable', changes: [], reason: 'b', outcome: 'failed' },
        { ...base, id: '3', action: 'reset-mfa', changes: [], reason: 'c', outcome: 'pending' },
        { ...base, id: '2', action: 'disable', changes: [], reason: 'd', outcome: 'done' },
      ],
      nextCursor: null,
    }));
    const table = await screen.findByRole('table', { name: 'User changes' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[3]?.textContent),
    ).toEqual(['Disabled (refused: own rights)', 'Enabled (failed)', 'MFA reset (outcome unknown)', 'Disabled']);
  });

  it('says when no user has been changed yet', async () => {
    audit(() => ({ entries: [], nextCursor: null }));
    expect(await screen.findByText('No user has been changed here yet.')).toBeDefined();
  });

  it('says why the changes cannot be loaded', async () => {
    audit(() => problem(503, 'CFG_ERR_UNAVAILABLE', 'the database is not answering'));
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot load the user changes: the database is not answering');
  });
});
