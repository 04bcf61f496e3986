import { useSyncExternalStore } from 'react';
import { selectedSiteGroups, selectSiteGroups, subscribeToSiteGroups } from '../selection/siteGroupSelection.ts';
import { useCustomerId } from './useCustomerId.ts';

/** The site groups selected for the customer in context, and a way to change them. */
export function useSiteGroupSelection(): [readonly string[], (ids: readonly string[]) => void] {
  const customerId = useCustomerId();
  const selected = useSyncExternalStore(subscribeToSiteGroups, () => selectedSiteGroups(customerId));
  const select = (ids: readonly string[]) => {
    if (customerId) selectSiteGroups(customerId, ids);
  };
  return [selected, select];
}
