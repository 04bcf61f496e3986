import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ManagedUser, ManagedUserList, UserAuditPage, UserChange, UserInvitation, UserStep } from '@platform/schemas';
import type { ApiClient } from './apiClient.ts';

// The user-management backend (spec section 7; decision 0049): staff invite users and change them.
// Every call sends no site-group filter: users belong to customers, not to site groups.

const none = { siteGroups: [] } as const;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

/** Staff only: the identity provider's users with their claims; one customer's when one is chosen. */
export const managedUsersQuery = (client: ApiClient, customerId: string | null) =>
  queryOptions({
    queryKey: ['userManagement', 'users', customerId],
    queryFn: () => client.json<ManagedUserList>('userManagement', '/users', { ...none, query: { customerId: customerId ?? undefined } }),
    // Each read asks the identity provider, whose quota sign-in's MFA look-ups share (issue 37): read
    // when the screen opens and after a change, not each time the window regains focus.
    refetchOnWindowFocus: false,
  });

const AUDIT_PAGE = 20;

/** Who changed which user, when, what and why, newest first, a page at a time. */
export const userAuditQuery = (client: ApiClient) =>
  infiniteQueryOptions({
    queryKey: ['userManagement', 'audit'],
    queryFn: ({ pageParam }) =>
      client.json<UserAuditPage>('userManagement', '/audit', { ...none, query: { limit: AUDIT_PAGE, cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Invites a user: the identity provider sends them a temporary password. */
export const inviteUser = (client: ApiClient, invitation: UserInvitation) =>
  client.json<ManagedUser>('userManagement', '/users', { ...none, method: 'POST', body: invitation });

/** Sets a user's name and claims. */
export const changeUser = (client: ApiClient, username: string, change: UserChange) =>
  client.json<ManagedUser>('userManagement', userPath(username), { ...none, method: 'PUT', body: change });

/** The steps on a user that need only a reason. */
export type UserStepName = 'disable' | 'enable' | 'reset-mfa' | 'resend-invitation';

export const takeUserStep = (client: ApiClient, username: string, step: UserStepName, body: UserStep) =>
  client.json<ManagedUser>('userManagement', `${userPath(username)}/${step}`, { ...none, method: 'POST', body });
