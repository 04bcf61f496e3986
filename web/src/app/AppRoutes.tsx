import { useEffect, useMemo, useState } from 'react';
import { Link, matchRoutes, Navigate, useLocation, useRoutes } from 'react-router';
import type { PublicConfig } from '@platform/schemas';
import { clearRedirectCookie, readRedirectCookie } from '../api/forcedLogin.ts';
import { useFederatedSignIn } from './useFederatedSignIn.ts';
import { useSession } from '../hooks/useSession.ts';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { buildRoutes } from './buildRoutes.tsx';
import { ExportControlWarning, wantsExportWarning } from './ExportControlWarning.tsx';
import { choseDashboard, decide, deniedModule } from './guard.ts';
import { isRouteHandle } from '../navigation/routeHandle.ts';
import { preloadSignedInScreens } from './registry.ts';
import { errorText } from '../ui/errorText.ts';
import { StatusPage } from './StatusPage.tsx';
import { AccountMisconfigured } from './AccountMisconfigured.tsx';
import { isAccountMisconfigured } from '../api/apiErrors.ts';
import { APP_PATHS } from '../navigation/appPaths.ts';
import { preloadBundleHost } from './ScreenHost.tsx';

/** Builds the router from the manifest and applies the guard on every navigation. */
export function AppRoutes({ config }: { config: PublicConfig }) {
  useFederatedSignIn();
  const session = useSession();
  const manifestQuery = useUserManifest();
  const manifest = session ? manifestQuery.data : undefined;
  const routes = useMemo(() => buildRoutes(manifest?.shell ?? config.shell, manifest ? [manifest.dash, ...manifest.modules] : []), [manifest, config]);
  const location = useLocation();
  const element = useRoutes(routes, location);

  const leaf = matchRoutes(routes, location)?.at(-1)?.route.handle;
  const [acknowledged, setAcknowledged] = useState<string>();
  const access = isRouteHandle(leaf) ? leaf.route.access : 'signedIn';
  const decision = decide({
    pathname: location.pathname,
    search: location.search,
    origin: window.location.origin,
    redirectCookie: readRedirectCookie(),
    access,
    environment: config.environment,
    signedIn: session === undefined ? undefined : session !== null,
    manifest,
    dashboardChosen: choseDashboard(location.state),
  });

  useEffect(() => {
    // The manifest is on its way too: the first screen's code arrives with it, not after it.
    // A failed preload is left to the screen itself, which fetches again and reports.
    if (session) preloadSignedInScreens().catch(() => undefined);
  }, [session]);

  useEffect(() => {
    // Modules whose screens come from a bundle (issue 28): their loader and files are fetched while
    // the browser is idle after sign-in, so a first open renders at once rather than fetching them
    // one after another. Nothing of it before sign-in: the login page stays as light as it was.
    const bundled = manifest?.modules.filter((module) => module.bundle) ?? [];
    if (bundled.length === 0) return;
    const prefetch = () => {
      preloadBundleHost().catch(() => undefined);
      import('./bundles/prefetchBundles.ts').then(({ prefetchBundles }) => prefetchBundles(bundled)).catch(() => undefined);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(prefetch, { timeout: 2_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 0);
    return () => clearTimeout(timer);
  }, [manifest]);

  const arrived = Boolean(session) && access !== 'guest' && decision.kind === 'render';
  useEffect(() => {
    // The stored address has served its purpose once the signed-in user is somewhere.
    if (arrived) clearRedirectCookie();
  }, [arrived]);
  useEffect(() => {
    if (manifest && !manifest.landing) console.error('landing page cannot be determined for this user');
  }, [manifest]);

  if (session && manifestQuery.isError && decision.kind === 'wait') {
    if (isAccountMisconfigured(manifestQuery.error)) return <AccountMisconfigured detail={manifestQuery.error.problem?.detail} />;
    return (
      // Signing out is the way on when trying again keeps failing: a session refused again after signing in
      // again is not sent round the forced login a second time (auth/sessionRefused.ts).
      <StatusPage
        title="Your navigation could not be loaded"
        onRetry={() => void manifestQuery.refetch()}
        action={
          <p>
            <Link to={APP_PATHS.logout}>Sign out</Link>
          </p>
        }
      >
        {errorText(manifestQuery.error)}
      </StatusPage>
    );
  }
  if (decision.kind === 'redirect') {
    // The reason for turning the user away lasts through '/' on to the landing page, which shows it.
    const denied = decision.denied ?? (location.pathname === APP_PATHS.root ? deniedModule(location.state) : undefined);
    return <Navigate replace to={decision.to} state={denied ? { denied } : undefined} />;
  }
  if (decision.kind === 'wait') return <StatusPage title="Loading…" busy />;
  const warn = wantsExportWarning(location.search) || (isRouteHandle(leaf) && leaf.route.showNistWarning);
  return (
    <>
      {/* Even the catch-all cannot match an address with an encoded control character ('/a%0Ab'). */}
      {element ?? (
        <StatusPage title="Not found">
          There is no page at this address. <Link to={APP_PATHS.root}>Go to your start page</Link>
        </StatusPage>
      )}
      {warn && acknowledged !== location.key && <ExportControlWarning onAcknowledge={() => setAcknowledged(location.key)} />}
    </>
  );
}
