import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { displayName, type ManagedUser, type ManagedUserFields, type UserInvitation } from '@platform/schemas';
import { adminModulesQuery } from '../../api/admin.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { changeUser, inviteUser, managedUsersQuery, takeUserStep, type UserStepName } from '../../api/userManagement.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import { useSession } from '../../hooks/useSession.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { useFocusReturn } from '../shared/useFocusReturn.ts';
import { UserAudit } from './UserAudit.tsx';
import { UserForm } from './UserForm.tsx';
import { UserStepDialog } from './UserStepDialog.tsx';
import { groupByCustomer } from './groupByCustomer.ts';
import { STEPS, UserTable } from './UserTable.tsx';

/**
 * Staff's Settings → Users: invite, change, disable and enable users, reset MFA, and the audit of it all.
 * Each step asks its reason in a dialog of its own; focus goes into what a button opened and back to the
 * button (or its row) when it closes (issue 35).
 */
export function ManageUsers({ client, customerId }: { client: ApiClient; customerId: string | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const focus = useFocusReturn();
  const inviteButton = useRef<HTMLButtonElement>(null);
  // null: no form; 'invite': a new user; a user: that user's changes.
  const [editing, setEditing] = useState<ManagedUser | 'invite' | null>(null);
  const [stepping, setStepping] = useState<{ user: ManagedUser; step: UserStepName } | null>(null);
  const users = useQuery(managedUsersQuery(client, customerId));
  const registry = useQuery(adminModulesQuery);
  const self = useSession()?.sub;
  // The customers the tables name: the one in context, or every user's.
  const customerName = useCustomerNames(customerId ? [customerId] : (users.data?.users ?? []).map((u) => u.customerId ?? ''));
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
      {users.data?.users.length === 0 && <EmptyState>No users yet.</EmptyState>}
      {users.data && users.data.users.length > 0 && (
        <section aria-labelledby={`${id}-title`}>
          {/* Not "Users" again: the screen's h1 says that already. */}
          <h2 id={`${id}-title`}>Accounts and access</h2>
          {customerId ? (
            <UserTable caption={`Users of ${customerName(customerId)}`} users={users.data.users} actions={actions} self={self} />
          ) : (
            groupByCustomer(users.data.users).map(([customer, members]) => (
              <UserTable key={customer} caption={customer === '' ? 'No customer' : customerName(customer)} users={members} actions={actions} self={self} />
            ))
          )}
        </section>
      )}
      <UserAudit client={client} />
    </>
  );
}
