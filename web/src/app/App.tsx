import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import { BrowserRouter } from 'react-router';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { errorText } from '../ui/errorText.ts';
import { initialiseAuth } from '../auth/activeAuthConfiguration.ts';
import { BackendsContext } from '../hooks/useApiClient.ts';
import { useNarrowScreen } from '../hooks/useNarrowScreen.ts';
import { toastPlacement } from '../ui/toasts.ts';
import { AppRoutes } from './AppRoutes.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { StatusPage } from './StatusPage.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } } });

function Configured() {
  const config = useQuery(publicConfigQuery);
  if (config.isError) {
    return (
      <StatusPage title="The platform cannot be reached" onRetry={() => void config.refetch()}>
        {errorText(config.error)}
      </StatusPage>
    );
  }
  if (!config.data) return <StatusPage title="Loading…" busy />;
  // Before any navigation is decided, the identity settings must be in place (spec section 4, step 1).
  initialiseAuth(config.data.auth);
  // Every screen renders below this point, so each has an API client (useApiClient never waits).
  return (
    <BackendsContext value={config.data}>
      <AppRoutes config={config.data} />
    </BackendsContext>
  );
}

/** The one Toaster, placed for the window's width. */
function Toasts() {
  return <Toaster {...toastPlacement(useNarrowScreen())} />;
}

/** The application: data, router and toasts. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ErrorBoundary>
          <Configured />
        </ErrorBoundary>
      </BrowserRouter>
      <Toasts />
    </QueryClientProvider>
  );
}
