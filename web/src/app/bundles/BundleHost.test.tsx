// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ModuleView, ResolvedRoute } from '@platform/schemas';
import { buildUserManifest } from '../../../../config-service/src/manifests/buildUserManifest.ts';
import { loadManifestSet } from '../../../../config-service/src/manifests/loadManifestSet.ts';
import { fakePlatform, type TestUser } from '../../testing/fakePlatform.ts';
import { renderInApp } from '../../testing/renderInApp.tsx';
import { sessionQuery } from '../../hooks/useSession.ts';
import { preloadBundleHost, ScreenHost } from '../ScreenHost.tsx';
import { BundleHost } from './BundleHost.tsx';
import { BundleSourceContext, type BundleSource } from './bundleSource.ts';
import { prefetchBundles } from './prefetchBundles.ts';

const ENGINEER: TestUser = { sub: 'u-erin', email: 'erin@acme.test', givenName: 'Erin', familyName: 'Engineer', role: 'customer', customerId: 'acme' };

// The Life Cycle Cost module as the service resolves it from route-manifests/, naming a bundle.
// Paths from this folder: jsdom gives import.meta.url the page's address, not the file's.
const root = join(import.meta.dirname, '../../../..');
const set = loadManifestSet(join(root, 'route-manifests'));
const resolved = buildUserManifest(
  set,
  { sub: 's', email: 'staff@demo.local', givenName: 'S', familyName: 'S', auth: { role: 'sentient' } },
  { environment: 'local', productName: 'AssetTwin', requestedCustomerId: undefined },
);
const ENTRY = '/modules/lcc/1.4.2/index.js';
const BUNDLE = { version: '1.4.2', entry: ENTRY, integrity: 'sha384-fixture' };
const lcc: ModuleView = { ...resolved.modules.find((m) => m.key === 'lcc')!, bundle: BUNDLE };
const routes = lcc.routes.filter((r): r is ResolvedRoute => ['lcc.home', 'lcc.project', 'lcc.components'].includes(r.name ?? ''));

// A bundle's files as the browser would import them: tests/fixtures/bundles/<folder>.
const fixtures = join(root, 'tests/fixtures/bundles');
const fixture = (folder: string) => ({
  index: () => import(/* @vite-ignore */ join(fixtures, folder, 'index.js')),
  declaration: JSON.parse(readFileSync(join(fixtures, folder, 'bundle.json'), 'utf8')) as unknown,
});

type Files = { index?: () => Promise<unknown>; declaration?: unknown };

/** The page's module loader, import map and tab, with `files` at the bundle's address. */
function browserWith(files: Files, options: { integrity?: Record<string, string>; stored?: Map<string, string> } = {}) {
  const stored = options.stored ?? new Map<string, string>();
  const imported: string[] = [];
  const source: BundleSource = {
    importModule: async (url, as) => {
      imported.push(url);
      if (as === 'json' && url === '/modules/lcc/1.4.2/bundle.json' && files.declaration !== undefined) return { default: files.declaration };
      if (!as && url === ENTRY && files.index) return files.index();
      throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
    },
    integrity: () => options.integrity ?? { [ENTRY]: BUNDLE.integrity },
    storage: () => ({
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    }),
    reload: vi.fn(),
  };
  return Object.assign(source, { imported, stored });
}

/** As the app's guard does, screens render once the session is read: a screen's SDK hooks find it there. */
function SignedIn({ children }: { children: ReactNode }) {
  return useQuery(sessionQuery).data ? children : null;
}

function renderModule(source: BundleSource) {
  fakePlatform({ user: ENGINEER, modules: [lcc] });
  return renderInApp(
    <BundleSourceContext.Provider value={source}>
      <nav aria-label="Modules">
        <Link to="/life-cost">Life Cycle Cost</Link>
        <Link to="/asset-life">Asset Life</Link>
      </nav>
      <SignedIn>
        <Routes>
          {routes.map((route) => (
            <Route key={route.fullPath} path={route.fullPath} element={<ScreenHost route={route} module={lcc} />} />
          ))}
          <Route path="/asset-life" element={<h1>Asset Life</h1>} />
          <Route path="/" element={<h1>Welcome</h1>} />
        </Routes>
      </SignedIn>
    </BundleSourceContext.Provider>,
  );
}

const openModule = async (user: ReturnType<typeof renderInApp>['user'], name = 'Life Cycle Cost') =>
  user.click(within(screen.getByRole('navigation', { name: 'Modules' })).getByRole('link', { name }));

// What the browser would have fetched long before a user clicks: compiling it here on first use can
// take longer than a query waits on a busy machine. (Waits are long for every component test: scripts/vitestTestingLibrary.mjs.)
beforeAll(async () => {
  await Promise.all([fixture('lcc').index(), fixture('lcc-throws').index(), import('../../screens/GenericScreen/GenericScreen.tsx')]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a module whose release names a bundle', () => {
  it("renders the bundle's screens on the shell's React, with the SDK's user, formats and links", async () => {
    const source = browserWith(fixture('lcc'));
    const { user } = renderModule(source);
    await openModule(user);

    expect(await screen.findByText('Bundle screen for erin@acme.test')).toBeDefined();
    expect(screen.getByRole('heading', { level: 1, name: 'Life Cycle Cost' })).toBeDefined();
    expect(screen.getByText('Model size 1.5 KB')).toBeDefined();
    // useState in the bundle: a second React would throw here instead of counting.
    await user.click(screen.getByRole('button', { name: 'Pressed 0 times' }));
    expect(screen.getByRole('button', { name: 'Pressed 1 times' })).toBeDefined();

    await user.click(await screen.findByRole('link', { name: 'Open project P1' }));
    expect(await screen.findByText('Bundle screen lcc.project for project P1')).toBeDefined();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Project P1']);
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Life Cycle Cost' })).toBeDefined();

    // Imported once for the page: the second screen and the way back need no import.
    await openModule(user);
    expect(await screen.findByRole('button', { name: 'Pressed 0 times' })).toBeDefined();
    expect(source.imported.filter((url) => url === ENTRY)).toHaveLength(1);
  });

  it('keeps the generic screen for a route the bundle has no screen for', async () => {
    const { user } = renderModule(browserWith(fixture('lcc')));
    await openModule(user);
    await user.click(await screen.findByRole('link', { name: 'Open project P1' }));
    await user.click(await screen.findByRole('link', { name: 'Components' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Components of project P1' })).toBeDefined();
    expect(screen.getByText('Nothing to show here yet.')).toBeDefined();
  });

  it('shows the error panel when the bundle cannot be imported, keeps the page working, and offers to reload the page, not to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Refused or missing, as the browser reports it; the browser then keeps that outcome for the page's life.
    const source = browserWith({ ...fixture('lcc'), index: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    const { user } = renderModule(source);
    await openModule(user);

    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('Life Cycle Cost 1.4.2 could not show this screen');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Life Cycle Cost']);
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeDefined();
    expect(within(panel).queryByRole('button', { name: 'Try again' })).toBeNull();

    await openModule(user, 'Asset Life');
    expect(screen.getByRole('heading', { level: 1, name: 'Asset Life' })).toBeDefined();
    await openModule(user);
    expect(await screen.findByRole('alert')).toBeDefined();

    expect(source.reload).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Reload the page' }));
    expect(source.reload).toHaveBeenCalledTimes(1);
    expect(source.imported.filter((url) => url === ENTRY)).toHaveLength(1);
  });

  it('shows the error panel when a screen throws while rendering, and renders it afresh on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const source = browserWith(fixture('lcc-throws'));
    const { user } = renderModule(source);
    await openModule(user);

    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain('Life Cycle Cost 1.4.2 could not show this screen. The screen stopped with an error.');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Reload the page' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(source.imported.filter((url) => url === ENTRY)).toHaveLength(2);
    await openModule(user, 'Asset Life');
    expect(screen.getByRole('heading', { level: 1, name: 'Asset Life' })).toBeDefined();
  });

  it.each([
    ['built for another SDK', fixture('lcc-sdk2'), 'It was built for another version of the platform.'],
    ['without bundle.json', { index: fixture('lcc').index }, 'It was built for another version of the platform.'],
    ['without screens', { ...fixture('lcc'), index: async () => ({ default: {} }) }, 'Its files could not be loaded'],
  ])('refuses a bundle %s with the error panel', async (_, files, explanation) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderModule(browserWith(files));
    await openModule(user);

    const panel = await screen.findByRole('alert');
    expect(panel.textContent).toContain(explanation);
    expect(within(panel).getByRole('button', { name: 'Reload the page' })).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Pressed/ })).toBeNull();
  });

  it("reloads a page served before the bundle's release once, and never imports the bundle unchecked", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = browserWith(fixture('lcc'), { integrity: {} });
    const first = renderModule(before);
    await openModule(first.user);
    await vi.waitFor(() => expect(before.reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading…')).toBeDefined();
    first.unmount();

    // The reloaded page, in the same tab, is still served without it: no second reload, no import.
    const after = browserWith(fixture('lcc'), { integrity: {}, stored: before.stored });
    const second = renderModule(after);
    await openModule(second.user);
    expect((await screen.findByRole('alert')).textContent).toContain('This page was opened before this version was released.');
    expect(after.reload).not.toHaveBeenCalled();
    expect([...before.imported, ...after.imported]).toEqual([]);
  });

  it('opened ahead of the user, renders at once on the first visit, with no loading state', async () => {
    const source = browserWith(fixture('lcc'));
    // What the app does in idle time after sign-in (AppRoutes): the loader's code and the bundle.
    await preloadBundleHost();
    await prefetchBundles([lcc], source);
    const { user } = renderModule(source);
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    // Watched from before the click: the loading state would be in the document for a moment.
    const loading = vi.fn();
    const watcher = new MutationObserver(() => {
      if (document.querySelector('[aria-busy="true"]')) loading();
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    await openModule(user);
    expect(await screen.findByText('Bundle screen for erin@acme.test')).toBeDefined();
    watcher.disconnect();
    expect(loading).not.toHaveBeenCalled();
    expect(source.imported.filter((url) => url === ENTRY)).toHaveLength(1);
  });

  it('waits for a bundle not opened ahead in a loading state of its own, never suspending, and shows it once its files are here', async () => {
    // What a user notices is the screen arriving late: React holds back what a Suspense boundary reveals
    // after its fallback by up to 300 ms (decision 0027). It lifts that hold-back inside act(), as every
    // component test runs, so the test holds to its cause: the host never suspends while it waits.
    const lccModule = await fixture('lcc').index();
    let arrive = () => {};
    const here = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const source = browserWith({ ...fixture('lcc'), index: () => here.then(() => lccModule) });
    const home = routes.find((route) => route.name === 'lcc.home')!;
    fakePlatform({ user: ENGINEER, modules: [lcc] });
    renderInApp(
      <BundleSourceContext.Provider value={source}>
        <SignedIn>
          <Suspense fallback={<p>Suspended</p>}>
            <BundleHost route={home} module={lcc} title="Life Cycle Cost" params={{}} compiled={() => null} />
          </Suspense>
        </SignedIn>
      </BundleSourceContext.Provider>,
    );
    expect(await screen.findByText('Loading…')).toBeDefined();
    expect(screen.queryByText('Suspended')).toBeNull();

    await act(async () => arrive());
    expect(await screen.findByText('Bundle screen for erin@acme.test')).toBeDefined();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('is not opened ahead for a page that would have to reload for it, and a failed prefetch leaves the open to try afresh', async () => {
    const stale = browserWith(fixture('lcc'), { integrity: {} });
    await prefetchBundles([lcc], stale);
    expect(stale.imported).toEqual([]);
    expect(stale.reload).not.toHaveBeenCalled();

    const lccFiles = fixture('lcc');
    let fails = true;
    const flaky = browserWith({ ...lccFiles, index: () => (fails ? Promise.reject(new TypeError('network blinked')) : lccFiles.index()) });
    await prefetchBundles([lcc], flaky);
    expect(flaky.imported).toContain(ENTRY);
    fails = false;
    const { user } = renderModule(flaky);
    await openModule(user);
    expect(await screen.findByText('Bundle screen for erin@acme.test')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
