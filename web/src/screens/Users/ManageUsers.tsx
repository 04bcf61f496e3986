import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { displayName, type ManagedUser, type ManagedUserFields, type UserInvitation } from '@platform/schemas';
import { adminModulesQuery } from '../../api/admin.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { changeUser, inviteUser, managedUsersQuery, takeUserStep, type UserStepName } from '../../api/userManagement.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import { useDebounced } from '../../hooks/useDebounced.ts';
import { useSession } from '../../hooks/useSession.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { OlderPages } from '../shared/OlderPages.tsx';
import { useFocusReturn } from '../shared/useFocusReturn.ts';
import { UserAudit } from './UserAudit.tsx';
import { UserForm } from './UserForm.tsx';
import { UserStepDialog } from './UserStepDialog.tsx';
import { groupByCustomer } from './groupByCustomer.ts';
import { STEPS, UserTable } from './UserTable.tsx';

/** How long typing pauses before the search is asked of the service. */
const TYPING_PAUSE_MS = 250;

/**
 * Staff's Settings → Users: invite, change, disable and enable users, reset MFA, and the audit of it all.
 * Each step asks its reason in a dialog of its own; focus goes into what a button opened and back to the
 * button (or its row) when it closes (issue 35). The users come a page at a time, by e-mail address, and
 * a search asks the service for those whose address or name starts with it (issue 37).
 */
export function ManageUsers({ client, customerId }: { client: ApiClient; customerId: string | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const focus = useFocusReturn();
  const inviteButton = useRef<HTMLButtonElement>(null);
  // null: no form; 'invite': a new user; a user: that user's changes.
  const [editing, setEditing] = useState<ManagedUser | 'invite' | null>(null);
  const [stepping, setStepping] = useState<{ user: ManagedUser; step: UserStepName } | null>(null);
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), TYPING_PAUSE_MS);
  const users = useInfiniteQuery(managedUsersQuery(client, customerId, query));
  const listed = users.data?.pages.flatMap((page) => page.users) ?? [];
  const registry = useQuery(adminModulesQuery);
  const self = useSession()?.sub;
  // The customers the tables name: the one in context, or every listed user's.
  const customerName = useCustomerNames(customerId ? [customerId] : listed.map((u) => u.customerId ?? ''));
  const modules = (registry.data?.modules ?? []).map((m) => ({ key: m.key, name: m.name }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['userManagement'] });

  const closeForm = () => {
    setEditing(null);
    focus.restore(() => inviteButton.current);
  };
  // The forms show a refusal themselves (UserForm, UserStepDialog: the promise they are given rejects).
  const save = useMutation({
    mutationFn: (fields: UserInvitation | ManagedUserFields) =>
      editing === 'invite' ? inviteUser(client, fields as UserInvitation) : changeUser(client, editing!.username, fields),
    onSuccess: async (user) => {
      toast.success(editing === 'invite' ? `Invitation sent to ${user.email}` : `${displayName(user)} changed`);
      // The list is fresh before the form goes, so focus finds the row as it now is.
      await refresh();
      closeForm();
    },
  });

  const closeStep = () => {
    setStepping(null);
    focus.restore();
  };
  const take = useMutation({
    mutationFn: ({ user, step, reason }: { user: ManagedUser; step: UserStepName; reason: string }) => takeUserStep(client, user.username, step, { reason }),
    onSuccess: async (changed, { step }) => {
      toast.success(`${displayName(changed)} ${STEPS[step].done}`);
      await refresh();
      closeStep();
    },
  });
  const actions = {
    edit: (user: ManagedUser, opener: HTMLElement) => {
      focus.remember(opener);
      setEditing(user);
    },
    take: (user: ManagedUser, step: UserStepName, opener: HTMLElement) => {
      focus.remember(opener);
      setStepping({ user, step });
    },
  };

  return (
    <>
      {editing === null ? (
        <div className="form-actions">
          <button
            ref={inviteButton}
            type="button"
            onClick={(e) => {
              focus.remember(e.currentTarget);
              setEditing('invite');
            }}
          >
            Invite user
          </button>
        </div>
      ) : (
        <UserForm
          key={editing === 'invite' ? 'invite' : editing.username}
          user={editing === 'invite' ? undefined : editing}
          modules={modules}
          customerName={editing !== 'invite' && editing.customerId ? customerName(editing.customerId) : undefined}
          onSubmit={save.mutateAsync}
          onCancel={closeForm}
        />
      )}
      {stepping && (
        <UserStepDialog
          key={`${stepping.user.username}-${stepping.step}`}
          {...stepping}
          onTake={(reason) => take.mutateAsync({ ...stepping, reason })}
          onClose={closeStep}
        />
      )}
      {!users.data && <LoadState what="the users" error={users.error} onRetry={() => void users.refetch()} />}
      {users.data && listed.length === 0 && !query && <EmptyState>No users yet.</EmptyState>}
      {users.data && (listed.length > 0 || query) && (
        <section aria-labelledby={`${id}-title`}>
          {/* Not "Users" again: the screen's h1 says that already. */}
          <h2 id={`${id}-title`}>Accounts and access</h2>
          <div className="form">
            <label htmlFor={`${id}-search`}>Search users</label>
            <input
              id={`${id}-search`}
              type="search"
              value={search}
              placeholder="Start of an e-mail address or name"
              maxLength={100}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          {listed.length === 0 && <p className="muted">No user’s e-mail address or name starts with “{query}”.</p>}
          {listed.length > 0 &&
            (customerId ? (
              <UserTable caption={`Users of ${customerName(customerId)}`} users={listed} actions={actions} self={self} />
            ) : (
              groupByCustomer(listed).map(([customer, members]) => (
                <UserTable key={customer} caption={customer === '' ? 'No customer' : customerName(customer)} users={members} actions={actions} self={self} />
              ))
            ))}
          <OlderPages list={users}>Show more users</OlderPages>
        </section>
      )}
      <UserAudit client={client} />
    </>
  );
}
