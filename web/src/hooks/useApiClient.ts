import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { createApiClient, type ApiClient } from '../api/apiClient.ts';
import { selectedSiteGroups } from '../selection/siteGroupSelection.ts';
import { useCustomerId } from './useCustomerId.ts';

/** The API client for every backend, configured at run time; undefined until the configuration is in. */
export function useApiClient(): ApiClient | undefined {
  const { data: config } = useQuery(publicConfigQuery);
  const customerId = useCustomerId();
  // The client outlives renders; it reads the selection of whichever customer is in context now.
  const customer = useRef(customerId);
  customer.current = customerId;
  return useMemo(
    () =>
      config
        ? createApiClient({ backends: config.backends, regions: config.backendRegions, siteGroups: () => selectedSiteGroups(customer.current) })
        : undefined,
    [config],
  );
}
