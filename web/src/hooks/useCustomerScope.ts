import { useQuery } from '@tanstack/react-query';
import { STAFF_ROLE } from '@platform/schemas';
import { siteGroupsQuery } from '../api/main.ts';
import { useApiClient } from './useApiClient.ts';
import { useCustomerId } from './useCustomerId.ts';
import { useSiteGroupSelection } from './useSiteGroupSelection.ts';
import { useUserManifest } from './useUserManifest.ts';

/**
 * What a screen about the customer in context needs: the client, the customer, whether the user is
 * staff, the site-group selection, and the customer's site groups with their names.
 */
export function useCustomerScope() {
  const client = useApiClient();
  const customerId = useCustomerId();
  const staff = useUserManifest().data?.user.role === STAFF_ROLE;
  const [selected, select] = useSiteGroupSelection();
  const enabled = Boolean(customerId);
  const groups = useQuery({ ...siteGroupsQuery(client, customerId ?? ''), enabled });
  const groupName = (id: string) => groups.data?.siteGroups.find((g) => g.id === id)?.name ?? id;
  return { client, customerId, staff, selected, select, enabled, groups, groupName };
}
