import { useQuery } from '@tanstack/react-query';
import { STAFF_ROLE } from '@platform/schemas';
import { platformNoticesQuery } from '../api/platformNotices.ts';
import { useUserManifest } from './useUserManifest.ts';

/** The platform's notices for staff (decision 0094); never asked for anyone else, whom the service refuses. */
export function usePlatformNotices() {
  const staff = useUserManifest().data?.user.role === STAFF_ROLE;
  return { staff, notices: useQuery({ ...platformNoticesQuery, enabled: staff }) };
}
