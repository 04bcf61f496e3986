// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer, ModuleAuditPage } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { CustomerAudit } from './CustomerAudit.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const ACME: Customer = { id: 'acme', name: 'Acme Industrial', version: 2, modules: [{ key: 'lb', enabled: false, version: 1 }] };
const NAMES = new Map([['lb', 'Leaderboard']]);
type Entry = ModuleAuditPage['entries'][number];
const base = { at: '2026-03-01T09:30:00Z', actor: { sub: 's', email: 'sam@provider.test' }, customerId: 'acme', version: 1 };
const ENTRIES: Entry[] = [
  { ...base, id: '3', action: 'switched', moduleKey: 'lb', before: true, after: false, name: null, reason: 'contract ended' },
  { ...base, id: '2', action: 'renamed', moduleKey: null, before: null, after: null, name: { before: 'acme', after: 'Acme Industrial' }, reason: 'real name' },
  { ...base, id: '1', action: 'created', moduleKey: null, before: null, after: null, name: { before: null, after: 'acme' }, reason: 'signed' },
] as Entry[];

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(2, 4)
        .map((c) => c.textContent),
    );

describe('CustomerAudit', () => {
  it('shows each change by module name, and asks for one module’s changes when one is chosen', async () => {
    const platform = fakePlatform({ user: STAFF, serve: ({ url }) => (url.pathname.endsWith('/audit') ? { entries: ENTRIES, nextCursor: null } : undefined) });
    const { user } = renderInApp(<CustomerAudit customer={ACME} names={NAMES} />);
    const table = await screen.findByRole('table', { name: 'Change history of Acme Industrial' });
    expect(cells(table)).toEqual([
      ['Leaderboard', 'on → off'],
      ['—', 'renamed from acme to Acme Industrial'],
      ['—', 'added as acme'],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Module' }), 'lb');
    await screen.findByRole('table', { name: 'Change history of Acme Industrial' });
    expect(platform.requestsTo('/api/v1/customers/acme/audit').at(-1)?.url.searchParams.get('module')).toBe('lb');
  });

  it('says when there are no changes yet', async () => {
    fakePlatform({ user: STAFF, serve: ({ url }) => (url.pathname.endsWith('/audit') ? { entries: [], nextCursor: null } : undefined) });
    renderInApp(<CustomerAudit customer={ACME} names={NAMES} />);
    expect(await screen.findByText('No changes yet.')).toBeDefined();
  });

  it('says why the history cannot be loaded', async () => {
    fakePlatform({
      user: STAFF,
      serve: ({ url }) => (url.pathname.endsWith('/audit') ? problem(503, 'CFG_ERR_UNAVAILABLE', 'the database is not answering') : undefined),
    });
    renderInApp(<CustomerAudit customer={ACME} names={NAMES} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Cannot load the history: the database is not answering');
  });
});
