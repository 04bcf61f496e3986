// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminModuleList, ModuleView, Publisher, ResolvedRoute } from '@platform/schemas';
import { fakePlatform, problem, type SeenRequest, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { PublishersScreen } from './PublishersScreen.tsx';

const STAFF: TestUser = { sub: 'u-sam', email: 'sam@provider.test', givenName: 'Sam', familyName: 'Staff', role: 'sentient', customerId: null };
const DASH = { key: 'dash', name: 'Dashboard', baseUrl: '/', breadcrumbs: false, landingPath: '/', routes: [] } as ModuleView;
const LCC: Publisher = {
  id: 'p-1',
  issuer: 'https://token.actions.githubusercontent.com',
  audience: 'https://platform.example',
  subject: 'repo:org/lcc-screens:environment:production',
  modules: ['lcc'],
  createdBy: { sub: 'u-sam', email: 'sam@provider.test' },
  createdAt: '2026-11-28T10:00:00.000Z',
};
const moduleRow = (key: string, name: string) => ({ key, name }) as AdminModuleList['modules'][number];
const MODULES = {
  environment: 'local',
  manifests: {},
  modules: [moduleRow('lcc', 'Life Cycle Cost'), moduleRow('mr', 'Model Runtime')],
} as unknown as AdminModuleList;

/** The screen over a service holding `publishers`; `refuse` answers a request instead, when it says so. */
function publishersScreen(publishers: Publisher[], refuse: (request: SeenRequest) => Response | undefined = () => undefined) {
  const platform = fakePlatform({
    user: STAFF,
    serve: (request) => {
      const { method, url, body } = request;
      const refused = refuse(request);
      if (refused) return refused;
      if (url.pathname === '/api/v1/admin/modules') return MODULES;
      if (url.pathname === '/api/v1/admin/publishers' && method === 'GET') return { publishers };
      if (url.pathname === '/api/v1/admin/publishers' && method === 'POST') {
        const { reason: _, ...fields } = body as Record<string, unknown>;
        const added = { ...fields, id: `p-${publishers.length + 1}`, createdBy: { sub: STAFF.sub, email: STAFF.email }, createdAt: '2026-11-28T11:00:00.000Z' };
        publishers.push(added as Publisher);
        return new Response(JSON.stringify(added), { status: 201, headers: { 'content-type': 'application/json' } });
      }
      const one = /^\/api\/v1\/admin\/publishers\/(.+)$/.exec(url.pathname);
      if (one && method === 'DELETE') {
        const index = publishers.findIndex((p) => p.id === one[1]);
        return publishers.splice(index, 1)[0];
      }
      return undefined;
    },
  });
  return { platform, ...renderInApp(<PublishersScreen title="Publishers" module={DASH} route={{} as ResolvedRoute} params={{}} />) };
}

const table = () => screen.findByRole('table', { name: 'Trusted publishers' });

describe('PublishersScreen', () => {
  it('says it is loading the publishers, then lists each with what its tokens must carry and its modules by name', async () => {
    publishersScreen([LCC]);
    expect(screen.getByRole('status').textContent).toBe('Loading the publishers…');
    const row = within(await table()).getByRole('row', { name: /repo:org\/lcc-screens:environment:production/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'https://token.actions.githubusercontent.com',
      'https://platform.example',
      'Life Cycle Cost',
      expect.stringContaining('by sam@provider.test'),
      'Revoke',
    ]);
  });

  it('says there are none yet, and where to register the first', async () => {
    publishersScreen([]);
    expect(await screen.findByText('No trusted publishers yet: register a module team’s CI below.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says why the publishers cannot be loaded, and loads them on Try again', async () => {
    let down = true;
    const { user } = publishersScreen([LCC], ({ url }) =>
      down && url.pathname === '/api/v1/admin/publishers' ? problem(503, 'CFG_ERR_UNAVAILABLE', 'the database is not answering') : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot load the publishers: the database is not answering');
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeDefined();
  });

  it('registers a publisher of the modules ticked, with the reason, and lists it', async () => {
    const { user, platform } = publishersScreen([]);
    await user.type(await screen.findByRole('textbox', { name: 'Issuer' }), 'https://gitlab.com');
    await user.type(screen.getByRole('textbox', { name: 'Audience' }), 'https://platform.example');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'project_path:group/mr:ref_type:branch:ref:main');
    await user.click(await screen.findByRole('checkbox', { name: 'Model Runtime (mr)' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for trusting it' }), 'the MR team’s pipeline');
    await user.click(screen.getByRole('button', { name: 'Register the publisher' }));
    expect(await screen.findByText('project_path:group/mr:ref_type:branch:ref:main may now publish mr from its CI')).toBeDefined();
    expect(platform.requestsTo('/api/v1/admin/publishers').find((r) => r.method === 'POST')?.body).toEqual({
      issuer: 'https://gitlab.com',
      audience: 'https://platform.example',
      subject: 'project_path:group/mr:ref_type:branch:ref:main',
      modules: ['mr'],
      reason: 'the MR team’s pipeline',
    });
    expect(within(await table()).getByRole('rowheader', { name: 'project_path:group/mr:ref_type:branch:ref:main' })).toBeDefined();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveProperty('value', '');
  });

  it('asks for what is missing before asking the service', async () => {
    const { user, platform } = publishersScreen([]);
    await user.type(await screen.findByRole('textbox', { name: 'Issuer' }), 'token.actions.githubusercontent.com');
    await user.click(screen.getByRole('button', { name: 'Register the publisher' }));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'The issuer is the address of the CI’s token issuer, such as https://token.actions.githubusercontent.com.',
      'Say which audience the CI job asks its token for.',
      'Say which subject the CI’s tokens carry: it names the repository and the branch or environment.',
      'Choose at least one module it may publish.',
      'Say why, before trusting a CI to publish: the reason goes to the audit log.',
    ]);
    expect(screen.getByRole('textbox', { name: 'Issuer' }).getAttribute('aria-invalid')).toBe('true');
    expect(platform.requestsTo('/api/v1/admin/publishers').filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the service’s refusal of a registration beside the form', async () => {
    const { user } = publishersScreen([], ({ method, url }) =>
      method === 'POST' && url.pathname === '/api/v1/admin/publishers'
        ? problem(422, 'CFG_ERR_PUBLISHER_INVALID', 'the issuer must be https outside local environments')
        : undefined,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Issuer' }), 'http://ci.example');
    await user.type(screen.getByRole('textbox', { name: 'Audience' }), 'platform');
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'repo:org/lcc:ref:refs/heads/main');
    await user.click(await screen.findByRole('checkbox', { name: 'Life Cycle Cost (lcc)' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason for trusting it' }), 'try');
    await user.click(screen.getByRole('button', { name: 'Register the publisher' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not register the publisher: the issuer must be https outside local environments');
  });

  it('revokes a publisher with a reason, and it leaves the list', async () => {
    const { user, platform } = publishersScreen([LCC]);
    await user.click(within(await table()).getByRole('button', { name: `Revoke ${LCC.subject}` }));
    const dialog = screen.getByRole('dialog', { name: `Revoke ${LCC.subject}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke publisher' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(`Say why you revoke ${LCC.subject}: the reason goes to the audit log.`);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'repository archived');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke publisher' }));
    expect(await screen.findByText(`${LCC.subject} revoked: its CI can no longer publish`)).toBeDefined();
    expect(platform.requestsTo('/api/v1/admin/publishers/p-1').map((r) => [r.method, r.body])).toEqual([['DELETE', { reason: 'repository archived' }]]);
    expect(await screen.findByText('No trusted publishers yet: register a module team’s CI below.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the service’s refusal of a revocation', async () => {
    const { user } = publishersScreen([LCC], ({ method }) =>
      method === 'DELETE' ? problem(404, 'CFG_ERR_PUBLISHER_NOT_FOUND', 'no such publisher') : undefined,
    );
    await user.click(within(await table()).getByRole('button', { name: `Revoke ${LCC.subject}` }));
    const dialog = screen.getByRole('dialog', { name: `Revoke ${LCC.subject}?` });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'gone');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke publisher' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`Could not revoke ${LCC.subject}: no such publisher`);
  });
});
