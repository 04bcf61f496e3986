// @vitest-environment jsdom
// The reference module's screens in a component test: rendered with the shell's SDK (the alias in
// vitest.config.ts), against a fake Model Runtime answering as the stand-in does.
import { join } from 'node:path';
import { screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModelRuntimeJob, ModuleView } from '@platform/schemas';
import { buildUserManifest } from '../../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../../config-service/src/manifests/loadManifestSet.ts';
import { publicConfigQuery } from '../../../../web/src/api/publicConfig.ts';
import { sessionQuery } from '../../../../web/src/hooks/useSession.ts';
import { fakePlatform, problem, TEST_CONFIG, type SeenRequest, type TestUser } from '../../../../web/src/testing/fakePlatform.ts';
import { renderInApp } from '../../../../web/src/testing/renderInApp.tsx';
import { screens } from '../index.ts';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
const MR = '/api/model-runtime';
const root = join(import.meta.dirname, '../../../..');
const manifest = buildUserManifest(
  loadManifestSet(join(root, 'route-manifests')),
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const mr: ModuleView = manifest.modules.find((m) => m.key === 'mr')!;

const DOMAINS = { domains: [{ id: 'acme-wind', name: 'Wind fleet', customerId: 'acme', description: '', jobs: 3, workflows: 1 }] };
const artifact = (id: string, name: string, kind: 'model' | 'script' | 'fmu', runtime: string) => ({
  id,
  name,
  kind,
  runtime,
  version: '1.0.0',
  sizeBytes: 1,
  updatedAt: '2026-10-01T00:00:00.000Z',
});
const QUEUED: ModelRuntimeJob = {
  id: 'J-1004',
  domain: 'acme-wind',
  kind: 'job',
  name: 'Blade fatigue, December',
  status: 'queued',
  runtime: 'python3.6',
  submittedBy: 'erin@acme.test',
  submittedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: null,
};

/** As the shell does, screens render once the session and the runtime configuration are read. */
function SignedIn({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQuery).data;
  return useQuery(sessionQuery).data && config ? children : null;
}

/** The module's screens at `path`, with the Model Runtime answering `serve` first, then its lists. */
function open(path: string, serve: (request: SeenRequest) => unknown = () => undefined) {
  const platform = fakePlatform({
    user: ENGINEER,
    modules: [mr],
    serve: (request) => {
      const at = request.url.pathname;
      if (at === '/api/v1/config') return { ...TEST_CONFIG, backends: { ...TEST_CONFIG.backends, modelRuntime: MR } };
      const own = serve(request);
      if (own !== undefined) return own;
      if (at === `${MR}/customers/acme/domains`) return DOMAINS;
      if (at === `${MR}/domains/acme-wind/jobs` || at === `${MR}/domains/acme-wind/workflows`) return { jobs: [] };
      if (at === `${MR}/domains/acme-wind/models`) return { artifacts: [artifact('fatigue-v3', 'Blade fatigue', 'model', 'python3.6')] };
      if (at === `${MR}/domains/acme-wind/scripts`) return { artifacts: [artifact('clean-scada', 'Clean SCADA series', 'script', 'python3.6')] };
      if (at === `${MR}/domains/acme-wind/fmus`) return { artifacts: [] };
      if (at === `${MR}/domains/acme-wind/jobs/J-1004`) return QUEUED;
      return undefined;
    },
  });
  const screen = (id: string, routeName: string) => {
    const Screen = screens[id]!;
    return <Screen routeName={routeName} params={{ domain: 'acme-wind', jobId: 'J-1004' }} title={routeName === 'mr.job' ? 'Job J-1004' : 'New job'} />;
  };
  const view = renderInApp(
    <SignedIn>
      <Routes>
        <Route path="/model-runtime/:domain/jobs/new" element={screen('mr.jobNew', 'mr.jobNew')} />
        <Route path="/model-runtime/:domain/jobs/:jobId" element={screen('mr.job', 'mr.job')} />
        <Route path="/" element={<Navigate to={path} />} />
      </Routes>
    </SignedIn>,
  );
  return { platform, ...view };
}

describe('Model Runtime: New job', () => {
  it('names the domain by its name, offers what the domain can run, queues the job and opens it', async () => {
    const { user, platform } = open('/model-runtime/acme-wind/jobs/new', ({ url, method }) =>
      method === 'POST' && url.pathname === `${MR}/domains/acme-wind/jobs` ? QUEUED : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'New job' })).toBeDefined();
    // The domain by the name people know, not the address's "acme-wind".
    expect(await screen.findByText('Domain: Wind fleet')).toBeDefined();
    const form = await screen.findByRole('form', { name: 'New job' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Blade fatigue, December');
    const what = within(form).getByRole('combobox', { name: 'What to run' });
    expect(
      within(what)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a model, script or FMU', 'Blade fatigue 1.0.0 (python3.6)', 'Clean SCADA series 1.0.0 (python3.6)']);
    await user.selectOptions(what, 'fatigue-v3');
    await user.click(within(form).getByRole('button', { name: 'Queue the job' }));
    expect(await screen.findByText('Job J-1004 queued')).toBeDefined();
    expect(platform.requestsTo(`${MR}/domains/acme-wind/jobs`).find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Blade fatigue, December',
      artifactId: 'fatigue-v3',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job J-1004' })).toBeDefined();
  });

  it('says why the backend refused the job, and keeps what was typed', async () => {
    const { user } = open('/model-runtime/acme-wind/jobs/new', ({ method }) =>
      method === 'POST' ? problem(400, 'CFG_ERR_BAD_REQUEST', "artifactId: the domain has no model, script or FMU 'gone' to run") : undefined,
    );
    const form = await screen.findByRole('form', { name: 'New job' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Retry');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'What to run' }), 'clean-scada');
    await user.click(within(form).getByRole('button', { name: 'Queue the job' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      "Could not queue the job: artifactId: the domain has no model, script or FMU 'gone' to run",
    );
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Retry');
  });
});
