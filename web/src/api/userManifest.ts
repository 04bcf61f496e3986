import { queryOptions } from '@tanstack/react-query';
import type { UserManifest } from '@platform/schemas';
import { callService } from './apiClient.ts';
import { chooseCustomer } from '../selection/customerContext.ts';
import { isAccountMisconfigured, isUnknownCustomer } from './apiErrors.ts';

/** The signed-in user's manifest; keyed by user so a new sign-in never sees the last one's. */
export const userManifestQuery = (sub: string) =>
  queryOptions({
    queryKey: ['userManifest', sub],
    queryFn: async () => {
      try {
        return await callService<UserManifest>('/manifest');
      } catch (error) {
        // Staff's chosen customer is no longer one the service holds: act for none, and ask again.
        if (isUnknownCustomer(error)) {
          chooseCustomer(null);
          return callService<UserManifest>('/manifest');
        }
        // A session the service no longer accepts (revoked, tampered, expired) is not handled here: the
        // client has already sent the user to sign in again, as for every signed-in call.
        throw error;
      }
    },
    // Asking again cannot mend a claim the service cannot read; anything else may pass, once.
    retry: (failures, error) => failures < 1 && !isAccountMisconfigured(error),
    // Administrators change manifests while people work: look again on focus and every minute. The
    // service answers an unchanged manifest with 304 through the browser's cache, so this is cheap.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
