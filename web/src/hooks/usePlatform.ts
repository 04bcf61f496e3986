import { useQuery } from '@tanstack/react-query';
import { STAFF_ROLE } from '@platform/schemas';
import { useMemo, useRef, useSyncExternalStore } from 'react';
import { publicConfigQuery } from '../api/publicConfig.ts';
import { currentIdToken } from '../auth/currentIdToken.ts';
import { createApiClient, type ApiClient } from '../platform/apiClient.ts';
import { siteGroupsQuery } from '../api/main.ts';
import { customerInContext } from '../platform/customerContext.ts';
import { selectedSiteGroups, selectSiteGroups, subscribeToSiteGroups } from '../platform/siteGroupSelection.ts';
import { useSession } from './useSession.ts';
import { useUserManifest } from './useUserManifest.ts';

/** The customer the signed-in user works in (spec section 6), as the client and the chrome use it. */
export function useCustomerId(): string | null {
  const session = useSession();
  // Staff switching customers refetch their manifest; reading it here re-renders on the switch.
  useUserManifest();
  return customerInContext(session);
}

/** The site groups selected for the customer in context, and a way to change them. */
export function useSiteGroupSelection(): [readonly string[], (ids: readonly string[]) => void] {
  const customerId = useCustomerId();
  const selected = useSyncExternalStore(subscribeToSiteGroups, () => selectedSiteGroups(customerId));
  const select = (ids: readonly string[]) => {
    if (customerId) selectSiteGroups(customerId, ids);
  };
  return [selected, select];
}

/** The API client for every backend, configured at run time; undefined until the configuration is in. */
export function useApiClient(): ApiClient | undefined {
  const { data: config } = useQuery(publicConfigQuery);
  const customerId = useCustomerId();
  // The client outlives renders; it reads the selection of whichever customer is in context now.
  const customer = useRef(customerId);
  customer.current = customerId;
  return useMemo(
    () => (config ? createApiClient({ backends: config.backends, idToken: currentIdToken, siteGroups: () => selectedSiteGroups(customer.current) }) : undefined),
    [config],
  );
}

/**
 * What a screen about the customer in context needs: the client, the customer, whether the user is
 * staff, the site-group selection, and the customer's site groups with their names.
 */
export function useCustomerScope() {
  const client = useApiClient();
  const customerId = useCustomerId();
  const staff = useUserManifest().data?.user.role === STAFF_ROLE;
  const [selected, select] = useSiteGroupSelection();
  const enabled = Boolean(client && customerId);
  const groups = useQuery({ ...siteGroupsQuery(client!, customerId ?? ''), enabled });
  const groupName = (id: string) => groups.data?.siteGroups.find((g) => g.id === id)?.name ?? id;
  return { client, customerId, staff, selected, select, enabled, groups, groupName };
}
