import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { ManagedUser, ManagedUserList, UserAuditPage, UserChange, UserInvitation, UserStep } from '@platform/schemas';
import type { ApiClient } from './apiClient.ts';

// The user-management backend (spec section 7; decision 0049): staff invite users and change them.
// Every call sends no site-group filter: users belong to customers, not to site groups.

const none = { siteGroups: [] } as const;
const userPath = (username: string) => `/users/${encodeURIComponent(username)}`;

const USERS_PAGE = 50;

/**
 * Staff only: the identity provider's users with their claims, one customer's when one is chosen, whose
 * e-mail address, given or family name starts with `search` when there is one: a page at a time, by
 * e-mail address, from the platform's user directory (issue 37, decision 0091).
 */
export const managedUsersQuery = (client: ApiClient, customerId: string | null, search = '') =>
  infiniteQueryOptions({
    queryKey: ['userManagement', 'users', customerId, search],
    queryFn: ({ pageParam }) =>
      client.json<ManagedUserList>('userManagement', '/users', {
        ...none,
        query: { customerId: customerId ?? undefined, query: search || undefined, limit: USERS_PAGE, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A page may ask the identity provider for MFA states, a quota sign-in shares (issue 37): read when
    // the screen opens and after a change, not each time the window regains focus.
    refetchOnWindowFocus: false,
    // The rows stay while a new search is asked, instead of flashing empty at each pause in typing.
    placeholderData: keepPreviousData,
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
