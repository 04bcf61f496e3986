// The shell's implementation of the module SDK (web/module-sdk): what the page's import map names
// `@platform/module-sdk`. Each export is typed by the SDK's declaration of it, and moduleSdk.test-d.ts
// checks this file exports exactly the SDK's names, so the shell cannot drift from the contract module
// teams compile against. Built on the shell's own hooks and client, so a bundle shares the shell's
// session, router, query cache and toaster (decision 0058).
import type * as Sdk from '@platform/module-sdk';
import { version } from '@platform/module-sdk/package.json';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import hotToast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { isApiError as isShellApiError } from '../api/apiErrors.ts';
import { routeLink } from '../navigation/routeLink.ts';
import { useApiClient } from '../hooks/useApiClient.ts';
import { useCustomerId } from '../hooks/useCustomerId.ts';
import { sessionQuery } from '../hooks/useSession.ts';
import { useSiteGroupSelection } from '../hooks/useSiteGroupSelection.ts';
import { useUserManifest } from '../hooks/useUserManifest.ts';
import { formatBytes as shellFormatBytes, formatDate as shellFormatDate, formatDateTimeUtc as shellFormatDateTimeUtc } from '../ui/format.ts';
import { routeNamed } from './routeNamed.ts';

export const sdkVersion: typeof Sdk.sdkVersion = version;

export const useApi: typeof Sdk.useApi = useApiClient;

export const usePlatformQuery: typeof Sdk.usePlatformQuery = <T,>(backend: Sdk.Backend, path: string | null, options: Sdk.PlatformQueryOptions = {}) => {
  const client = useApiClient();
  const customer = useCustomerId();
  const [selected] = useSiteGroupSelection();
  const siteGroups = options.siteGroups ?? selected;
  const query = useQuery({
    // Under 'module' so no key of the shell's own can meet one; the customer and the site groups are in
    // it because the answer depends on them though the path may not name them.
    queryKey: ['module', backend, path, options.query ?? {}, siteGroups, customer],
    queryFn: ({ signal }) => client.json<T>(backend, path ?? '', { query: options.query, siteGroups, signal }),
    enabled: path !== null,
    // As the hand-written fetching it replaces: a failure shows at once, and the screen offers to ask again.
    retry: false,
  });
  const { refetch } = query;
  return { data: query.data, error: query.error, loading: query.isLoading, refetch: useCallback(() => void refetch(), [refetch]) };
};

export const isApiError: typeof Sdk.isApiError = (error, status): error is Sdk.ApiError => isShellApiError(error, status);

export const useSignedInUser: typeof Sdk.useSignedInUser = () => {
  // Already read by the guard before any screen renders, so this does not suspend in the app.
  const session = useSuspenseQuery(sessionQuery).data;
  if (!session) throw new Error('no one is signed in');
  return { sub: session.sub, email: session.email, givenName: session.givenName, familyName: session.familyName, role: session.role };
};

export const useCustomer: typeof Sdk.useCustomer = () => ({ id: useCustomerId() });

export const useSiteGroups: typeof Sdk.useSiteGroups = () => useSiteGroupSelection()[0];

export const useRouteHref: typeof Sdk.useRouteHref = (name, params = {}) => {
  const route = routeNamed(useUserManifest().data, name);
  return route && routeLink(route, params);
};

export const useNavigateToRoute: typeof Sdk.useNavigateToRoute = () => {
  const manifest = useUserManifest().data;
  const navigate = useNavigate();
  return useCallback(
    (name, params = {}) => {
      const route = routeNamed(manifest, name);
      if (route) void navigate(routeLink(route, params));
    },
    [manifest, navigate],
  );
};

export const RouteLink: typeof Sdk.RouteLink = ({ to, params, children, className }) => {
  const href = useRouteHref(to, params);
  // A route the user may not open is named, not linked: a link would only lead to "not found".
  return href ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <span className={className}>{children}</span>
  );
};

export const toast: typeof Sdk.toast = {
  success: (message) => void hotToast.success(message),
  error: (message) => void hotToast.error(message),
  info: (message) => void hotToast(message),
};

export const formatDate: typeof Sdk.formatDate = shellFormatDate;
export const formatDateTimeUtc: typeof Sdk.formatDateTimeUtc = shellFormatDateTimeUtc;
export const formatBytes: typeof Sdk.formatBytes = shellFormatBytes;
