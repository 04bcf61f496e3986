import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSession } from '../auth/currentSession.ts';

export const sessionQuery = queryOptions({ queryKey: ['session'], queryFn: currentSession, staleTime: Infinity });

/** The signed-in user (null when signed out, undefined while checking). */
export function useSession() {
  return useQuery(sessionQuery).data;
}
