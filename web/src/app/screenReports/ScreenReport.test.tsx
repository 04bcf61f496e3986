// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Component, Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { buildUserManifest } from '../../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../../config-service/src/manifests/loadManifestSet.ts';
import type { ScreenEvent } from '../../api/screenReports.ts';
import { sessionQuery } from '../../hooks/useSession.ts';
import { fakePlatform } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { BundleSourceContext, type BundleSource } from '../bundles/bundleSource.ts';
import { ScreenHost } from '../ScreenHost.tsx';
import { ScreenReport } from './ScreenReport.tsx';
import { ScreenShown } from './ScreenShown.tsx';

// What the page would send, as the reporter is asked: the sending itself is screenReports.test.ts's.
const reports = vi.hoisted(() => ({ events: [] as ScreenEvent[], revised: [] as ScreenEvent[] }));
vi.mock('../../api/screenReports.ts', () => ({
  reportScreen: (event: ScreenEvent) => {
    reports.events.push(event);
    return (later: ScreenEvent) => void reports.revised.push(later);
  },
}));
afterEach(() => {
  reports.events.length = 0;
  reports.revised.length = 0;
  vi.restoreAllMocks();
});

const root = join(import.meta.dirname, '../../../..');
const set = loadManifestSet(join(root, 'route-manifests'));
const resolved = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const compiledLcc = resolved.modules.find((m) => m.key === 'lcc')!;
const ENTRY = '/modules/lcc/2.0.1/index.js';
const bundledLcc: ModuleView = { ...compiledLcc, bundle: { version: '2.0.1', entry: ENTRY, integrity: 'sha384-fixture' } };
const home = compiledLcc.routes.find((r): r is ResolvedRoute => r.name === 'lcc.home')!;
const fixtures = join(root, 'tests/fixtures/bundles');

/** The page's module loader with the fixture bundle `folder` at the entry, or none. */
function browserWith(folder: string | undefined): BundleSource {
  return {
    importModule: async (url, as) => {
      if (folder && as === 'json') return { default: JSON.parse(readFileSync(join(fixtures, folder, 'bundle.json'), 'utf8')) as unknown };
      if (folder && url === ENTRY) return import(/* @vite-ignore */ join(fixtures, folder, 'index.js'));
      throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    },
    integrity: () => ({ [ENTRY]: 'sha384-fixture' }),
    storage: () => ({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined }),
    reload: vi.fn(),
  };
}

function SignedIn({ children }: { children: ReactNode }) {
  return useQuery(sessionQuery).data ? children : null;
}

/** Life Cycle Cost's home through ScreenHost, as the router renders it, opened from another page by a click. */
async function openLcc(module: ModuleView, folder?: string) {
  fakePlatform({
    user: { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'E', role: 'customer', customerId: 'acme' },
    modules: [module],
  });
  const { user } = renderInApp(
    <BundleSourceContext.Provider value={browserWith(folder)}>
      <Link to="/life-cost">Life Cycle Cost</Link>
      <SignedIn>
        <Routes>
          <Route path={home.fullPath} element={<ScreenHost route={home} module={module} />} />
          <Route path="/" element={<h1>Welcome</h1>} />
        </Routes>
      </SignedIn>
    </BundleSourceContext.Provider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Welcome' });
  await user.click(screen.getByRole('link', { name: 'Life Cycle Cost' }));
}

beforeAll(async () => {
  await Promise.all([
    import(join(fixtures, 'lcc/index.js')),
    import(join(fixtures, 'lcc-throws/index.js')),
    import('../../screens/GenericScreen/GenericScreen.tsx'),
  ]);
});

describe('the report of a module screen opened', () => {
  it('reports a compiled-in screen shown once, with no bundle version and the time to its first render', async () => {
    await openLcc(compiledLcc);
    expect(await screen.findByText('Nothing to show here yet.')).toBeDefined();
    await vi.waitFor(() => expect(reports.events).toHaveLength(1));
    expect(reports.events[0]).toEqual({ moduleKey: 'lcc', bundleVersion: null, kind: 'shown', openMs: expect.any(Number) });
  });

  it("reports a bundle's screen shown with the bundle's version", async () => {
    await openLcc(bundledLcc, 'lcc');
    expect(await screen.findByText('Bundle screen for erin@acme.test')).toBeDefined();
    await vi.waitFor(() => expect(reports.events).toHaveLength(1));
    expect(reports.events[0]).toMatchObject({ moduleKey: 'lcc', bundleVersion: '2.0.1', kind: 'shown' });
  });

  it('reports a bundle screen that throws as render-failed, and not as shown, beside its error panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openLcc(bundledLcc, 'lcc-throws');
    expect(await screen.findByRole('alert')).toBeDefined();
    await vi.waitFor(() => expect(reports.events).toHaveLength(1));
    expect(reports.events).toEqual([{ moduleKey: 'lcc', bundleVersion: '2.0.1', kind: 'render-failed' }]);
  });

  it('reports a bundle that cannot be imported as load-failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await openLcc(bundledLcc, undefined);
    expect(await screen.findByRole('alert')).toBeDefined();
    await vi.waitFor(() => expect(reports.events).toHaveLength(1));
    expect(reports.events).toEqual([{ moduleKey: 'lcc', bundleVersion: '2.0.1', kind: 'load-failed' }]);
  });
});

/** The app's own last boundary, as app/ErrorBoundary.tsx stands in the app. */
class Outer extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

function Throws(): ReactNode {
  throw new Error('the compiled-in screen fails');
}

describe('a compiled-in screen that throws', () => {
  it('is reported as render-failed and still reaches the app’s own boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Outer>
        <ScreenReport module={compiledLcc}>
          <Suspense>
            <Throws />
            <ScreenShown />
          </Suspense>
        </ScreenReport>
      </Outer>,
    );
    expect(await screen.findByText('Something went wrong')).toBeDefined();
    expect(reports.events).toEqual([{ moduleKey: 'lcc', bundleVersion: null, kind: 'render-failed' }]);
  });

  it("is not reported for the platform's own screens (Settings, the dashboard)", async () => {
    const dash = resolved.dash;
    render(
      <ScreenReport module={dash}>
        <h1>Settings</h1>
        <ScreenShown />
      </ScreenReport>,
    );
    expect(within(document.body).getByRole('heading', { name: 'Settings' })).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reports.events).toEqual([]);
  });
});
