import { createContext, useContext, useMemo, useRef } from 'react';
import type { PublicConfig } from '@platform/schemas';
import { createApiClient, type ApiClient } from '../api/apiClient.ts';
import { selectedSiteGroups } from '../selection/siteGroupSelection.ts';
import { useCustomerId } from './useCustomerId.ts';

/** Where the backends are, from the runtime configuration. */
export type BackendAddresses = Pick<PublicConfig, 'backends' | 'backendRegions'>;

/**
 * The runtime configuration's backends, given by `app/App.tsx` around the routes, which render only once
 * the configuration is in: under them a screen always has a client (decision 0081). null outside them.
 */
export const BackendsContext = createContext<BackendAddresses | null>(null);

/** The API client for every backend, configured at run time; throws when used outside the app's routes. */
export function useApiClient(): ApiClient {
  const config = useContext(BackendsContext);
  if (!config) throw new Error('useApiClient() needs the runtime configuration: render it inside the app (renderInApp in a test)');
  const customerId = useCustomerId();
  // The client outlives renders; it reads the selection of whichever customer is in context now.
  const customer = useRef(customerId);
  customer.current = customerId;
  return useMemo(
    () => createApiClient({ backends: config.backends, regions: config.backendRegions, siteGroups: () => selectedSiteGroups(customer.current) }),
    [config],
  );
}
