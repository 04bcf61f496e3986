// The module's screens in the shell's test harness (web/src/testing): the SDK's name resolves to the
// shell's implementation (vitest.config.ts), so they read through the shell's client and query cache,
// against a fake Model Runtime answering as the stand-in does.
import { join } from 'node:path';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import type { ModelRuntimeJob } from '../contracts.generated.ts';
import { buildUserManifest } from '../../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../../config-service/src/manifests/loadManifestSet.ts';
import { publicConfigQuery } from '../../../../web/src/api/publicConfig.ts';
import { BackendsContext } from '../../../../web/src/hooks/useApiClient.ts';
import { sessionQuery } from '../../../../web/src/hooks/useSession.ts';
import { fakePlatform, TEST_CONFIG, type SeenRequest, type TestUser } from '../../../../web/src/testing/fakePlatform.ts';
import { renderInApp } from '../../../../web/src/testing/renderInApp.tsx';
import { screens } from '../index.ts';

export const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };
export const MR = '/api/model-runtime';
const root = join(import.meta.dirname, '../../../..');
const manifest = buildUserManifest(
  loadManifestSet(join(root, 'route-manifests')),
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const mr = manifest.modules.find((m) => m.key === 'mr')!;

const DOMAINS = { domains: [{ id: 'acme-wind', name: 'Wind fleet', customerId: 'acme', description: 'Turbines at sea', jobs: 3, workflows: 1 }] };
const artifact = (id: string, name: string, kind: 'model' | 'script' | 'fmu', runtime: string) => ({
  id,
  name,
  kind,
  runtime,
  version: '1.0.0',
  sizeBytes: 1,
  updatedAt: '2026-10-01T00:00:00.000Z',
});
export const QUEUED: ModelRuntimeJob = {
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

/** The routes of route-manifests/mr.json the tests open: address, screen id (the route's name too) and title. */
const ROUTES: [path: string, id: string, title: string][] = [
  ['/model-runtime', 'mr.home', 'Model Runtime'],
  ['/model-runtime/:domain/jobs', 'mr.jobs', 'Jobs'],
  ['/model-runtime/:domain/jobs/new', 'mr.jobNew', 'New job'],
  ['/model-runtime/:domain/jobs/:jobId', 'mr.job', 'Job {jobId}'],
  ['/model-runtime/:domain/jobs/:jobId/logs', 'mr.jobLogs', 'Logs of job {jobId}'],
  ['/model-runtime/:domain/models', 'mr.models', 'Models'],
  ['/model-runtime/:domain/workflows', 'mr.workflows', 'Workflows'],
];

/** A screen of the bundle as the shell mounts it: the route's name, its parameters and its title filled in. */
function Mounted({ id, title }: { id: string; title: string }) {
  const params = useParams();
  const Screen = screens[id]!;
  return <Screen routeName={id} params={params} title={title.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '')} />;
}

/**
 * As the shell does, screens render once the session and the runtime configuration are read, with the
 * backends of the configuration they read: the harness's own provider, a parent, could still hold the
 * test default (no Model Runtime) in the render that mounts them on a busy machine.
 */
function SignedIn({ children }: { children: ReactNode }) {
  const config = useQuery(publicConfigQuery).data;
  return useQuery(sessionQuery).data && config ? <BackendsContext value={config}>{children}</BackendsContext> : null;
}

/** The module's screens at `path` for `user`, with the Model Runtime answering `serve` first, then its lists. */
export function openModule(path: string, serve: (request: SeenRequest) => unknown = () => undefined, user: TestUser = ENGINEER) {
  const platform = fakePlatform({
    user,
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
  const view = renderInApp(
    <SignedIn>
      <Routes>
        {ROUTES.map(([at, id, title]) => (
          <Route key={id} path={at} element={<Mounted id={id} title={title} />} />
        ))}
        <Route path="/" element={<Navigate to={path} />} />
      </Routes>
    </SignedIn>,
  );
  return { platform, ...view };
}
