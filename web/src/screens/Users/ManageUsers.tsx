import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { ManagedUser, ManagedUserFields, UserInvitation } from '@platform/schemas';
import { adminModulesQuery } from '../../api/admin.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { changeUser, inviteUser, managedUsersQuery, takeUserStep, type UserStepName } from '../../api/userManagement.ts';
import { useCustomerNames } from '../../hooks/useCustomerNames.ts';
import { failureText } from '../shared/errorText.ts';
import { ReasonField } from '../shared/ReasonField.tsx';
import { useReason } from '../shared/useReason.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { UserAudit } from './UserAudit.tsx';
import { UserForm } from './UserForm.tsx';
import { groupByCustomer } from './groupByCustomer.ts';
import { fullName, ManagedUserTable, STEPS } from './ManagedUserTable.tsx';

/** A step's label inside a sentence: "disable", "reset MFA". */
const inSentence = (name: UserStepName) => STEPS[name].label.charAt(0).toLowerCase() + STEPS[name].label.slice(1);

/** Staff's Settings → Users: invite, change, disable and enable users, reset MFA, and the audit of it all. */
export function ManageUsers({ client, customerId }: { client: ApiClient; customerId: string | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const reason = useReason();
  // null: no form; 'invite': a new user; a user: that user's changes.
  const [editing, setEditing] = useState<ManagedUser | 'invite' | null>(null);
  const users = useQuery(managedUsersQuery(client, customerId));
  const registry = useQuery(adminModulesQuery);
  // The customers the tables name: the one in context, or every user's.
  const customerName = useCustomerNames(customerId ? [customerId] : (users.data?.users ?? []).map((u) => u.customerId ?? ''));
  const modules = (registry.data?.modules ?? []).map((m) => ({ key: m.key, name: m.name }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['userManagement'] });

  const save = async (fields: UserInvitation | ManagedUserFields) => {
    const user = editing === 'invite' ? await inviteUser(client, fields as UserInvitation) : await changeUser(client, editing!.username, fields);
    toast.success(editing === 'invite' ? `Invitation sent to ${user.email}` : `${fullName(user)} changed`);
    setEditing(null);
    await refresh();
  };

  const step = useMutation({
    mutationFn: ({ user, name, why }: { user: ManagedUser; name: UserStepName; why: string }) => takeUserStep(client, user.username, name, { reason: why }),
    onSuccess: (user, { name }) => {
      toast.success(`${fullName(user)} ${STEPS[name].done}`);
      reason.clear();
    },
    onError: (error, { user, name }) => toast.error(failureText(`Could not ${inSentence(name)} ${fullName(user)}`, error)),
    onSettled: refresh,
  });
  const take = (user: ManagedUser, name: UserStepName) => {
    const why = reason.require(`Say why, before you ${inSentence(name)} a user: the reason goes to the audit log.`);
    if (why) step.mutate({ user, name, why });
  };
  const actions = { edit: setEditing, take, busy: step.isPending };

  return (
    <>
      {editing === null ? (
        <div className="form-actions">
          <button type="button" onClick={() => setEditing('invite')}>
            Invite user
          </button>
        </div>
      ) : (
        <UserForm
          key={editing === 'invite' ? 'invite' : editing.username}
          user={editing === 'invite' ? undefined : editing}
          modules={modules}
          customerName={editing !== 'invite' && editing.customerId ? customerName(editing.customerId) : undefined}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {!users.data && <LoadState what="the users" error={users.error} onRetry={() => void users.refetch()} />}
      {users.data?.users.length === 0 && <EmptyState>No users yet.</EmptyState>}
      {users.data && users.data.users.length > 0 && (
        <section aria-labelledby={`${id}-title`}>
          {/* Not "Users" again: the screen's h1 says that already. */}
          <h2 id={`${id}-title`}>Accounts and access</h2>
          <ReasonField {...reason.field} label="Reason for the change" placeholder="e.g. left the company, lost their phone" />
          {customerId ? (
            <ManagedUserTable caption={`Users of ${customerName(customerId)}`} users={users.data.users} actions={actions} />
          ) : (
            groupByCustomer(users.data.users).map(([customer, members]) => (
              <ManagedUserTable key={customer} caption={customer === '' ? 'No customer' : customerName(customer)} users={members} actions={actions} />
            ))
          )}
        </section>
      )}
      <UserAudit client={client} />
    </>
  );
}
