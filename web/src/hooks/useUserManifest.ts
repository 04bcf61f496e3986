import { useQuery } from '@tanstack/react-query';
import { userManifestQuery } from '../api/userManifest.ts';
import { useSession } from './useSession.ts';

/** The signed-in user's manifest query (disabled while signed out). */
export function useUserManifest() {
  const session = useSession();
  return useQuery({ ...userManifestQuery(session?.sub ?? ''), enabled: Boolean(session) });
}
