import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import toast, { Toaster } from 'react-hot-toast';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { BackendsContext } from '../hooks/useApiClient.ts';
import { TOAST_OPTIONS } from '../ui/toasts.ts';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { TEST_CONFIG } from './fakePlatform.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup; and the toast
// store, localStorage and stubbed globals outlive a test unless they are reset here.
afterEach(() => {
  cleanup();
  toast.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

/**
 * What a browser does on following a link to #id and jsdom does not: it runs the focusing steps, so a
 * target that can take focus (main with tabindex="-1") gets it. Without this a skip link could not be
 * tested here at all; tests/accessibility.spec.ts checks the same in a real browser.
 */
function focusFragmentTargets(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
  const id = link?.getAttribute('href')?.slice(1);
  if (id && !event.defaultPrevented) document.getElementById(decodeURIComponent(id))?.focus();
}

document.addEventListener('click', focusFragmentTargets);

/**
 * The backends as the app gives them to its screens (`app/App.tsx`): the configuration the fake platform
 * served once something read it, TEST_CONFIG's until then. Reading the cache only, this asks for nothing.
 */
function TestBackends({ children }: { children: ReactNode }) {
  const served = useQuery({ ...publicConfigQuery, enabled: false }).data;
  return <BackendsContext value={served ?? TEST_CONFIG}>{children}</BackendsContext>;
}

/**
 * Renders `ui` inside the providers the app gives every component (queries, the backends, router at '/'
 * or the entries given, toasts) with a fresh query cache, and returns Testing Library's queries and a user to drive it.
 */
export function renderInApp(ui: ReactNode, { initialEntries }: { initialEntries?: ComponentProps<typeof MemoryRouter>['initialEntries'] } = {}) {
  // react-hot-toast asks whether the user prefers reduced motion; jsdom has no matchMedia.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  // No retries: a test that meets an error should see it at once, not after the back-off.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestBackends>
        <MemoryRouter initialEntries={initialEntries}>{ui}</MemoryRouter>
      </TestBackends>
      <Toaster toastOptions={TOAST_OPTIONS} />
    </QueryClientProvider>,
  );
  return { ...view, user };
}
