// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminModuleList, ModuleView, ResolvedRoute } from '@platform/schemas';
import { fakePlatform, problem, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { ModulesScreen } from './ModulesScreen.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const releases = { name: 'settings.releases.list', fullPath: '/settings/releases', children: [] } as unknown as ResolvedRoute;
const DASH = { key: 'dash', name: 'Dashboard', baseUrl: '/', breadcrumbs: false, landingPath: '/', routes: [releases] } as ModuleView;
const PROBLEM = { file: 'lb.json', line: 1, column: 9, pointer: '/routes/0', rule: 'json-syntax', message: 'Unexpected token', hint: 'Fix the JSON' };
const module = (key: string, name: string, valid: boolean): AdminModuleList['modules'][number] => ({
  key,
  name,
  baseUrl: `/${key}`,
  file: `${key}.json`,
  exposure: { roles: valid ? null : ['sentient'], environments: null, enabledForNewCustomers: valid },
  servedInEnvironment: true,
  routeCount: 3,
  restrictedRoutes: [],
  status: valid ? 'valid' : 'rejected',
  problems: valid ? [] : [PROBLEM],
  moreProblems: 0,
});
const LIST: AdminModuleList = {
  environment: 'local',
  manifests: { version: 'r7', loadedAt: '2026-03-01T09:30:00Z', history: [{ version: 'r7', loadedAt: '2026-03-01T09:30:00Z' }], rejected: null },
  modules: [module('hs', 'Asset Life', true), module('lb', 'Leaderboard', false)],
};

function modulesScreen(answer: () => unknown) {
  fakePlatform({ user: STAFF, serve: ({ url }) => (url.pathname === '/api/v1/admin/modules' ? answer() : undefined) });
  return renderInApp(<ModulesScreen title="Modules" module={DASH} route={releases} params={{}} />);
}

describe('ModulesScreen', () => {
  it('says it is loading the modules, then the release in service, every module with its exposure, and the preview', async () => {
    modulesScreen(() => LIST);
    expect(screen.getByRole('status').textContent).toBe('Loading the modules…');
    const status = await screen.findByRole('region', { name: 'Manifest release in service' });
    expect(within(status).getByText('r7')).toBeDefined();
    expect(within(status).getByRole('link', { name: 'Releases' }).getAttribute('href')).toBe('/settings/releases');
    expect(within(status).getByText('No refused edit on disk.')).toBeDefined();
    const rows = within(screen.getByRole('region', { name: 'Modules and exposure' })).getAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Asset Life (hs)', 'Leaderboard (lb)']);
    expect(within(rows[2]!).getByText('edit refused')).toBeDefined();
    expect(within(rows[2]!).getByText('Unexpected token')).toBeDefined();
    expect(screen.getByRole('region', { name: 'View as user' })).toBeDefined();
  });

  it('shows a refused edit of the folder as an alert with its problems, and what users still get', async () => {
    const rejected = { at: '2026-03-01T10:00:00Z', problems: [PROBLEM], moreProblems: 2 };
    modulesScreen(() => ({ ...LIST, manifests: { ...LIST.manifests, rejected } }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The last edit was refused');
    expect(alert.textContent).toContain('(3 problems)');
    expect(alert.textContent).toContain('Users still get version r7');
    expect(within(alert).getByText('lb.json:1:9')).toBeDefined();
    expect(within(alert).getByText(/and 2 more problems, not listed/)).toBeDefined();
  });

  it('says why the modules cannot be loaded, with Try again', async () => {
    modulesScreen(() => problem(403, 'CFG_ERR_FORBIDDEN', 'staff only'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the modules: staff only');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(screen.queryByRole('region', { name: 'Manifest release in service' })).toBeNull();
  });
});
