import { queryOptions, useQuery } from '@tanstack/react-query';
import { preferredMfa } from '../auth/preferredMfa.ts';

/** The signed-in user's preferred MFA method ('none' when none); keyed by user. */
export const preferredMfaQuery = (sub: string) => queryOptions({ queryKey: ['preferredMfa', sub], queryFn: preferredMfa });

export function usePreferredMfa(sub: string | undefined, enabled = true) {
  return useQuery({ ...preferredMfaQuery(sub ?? ''), enabled: Boolean(sub) && enabled });
}
