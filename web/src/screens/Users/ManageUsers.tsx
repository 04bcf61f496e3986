import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { ManagedUser, ManagedUserFields, UserInvitation } from '@platform/schemas';
import { adminModulesQuery } from '../../api/admin.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { customersQuery } from '../../api/customers.ts';
import { changeUser, inviteUser, managedUsersQuery, takeUserStep, type UserStepName } from '../../api/userManagement.ts';
import { ReasonField } from '../shared/ReasonField.tsx';
import { useReason } from '../shared/useReason.ts';
import { EmptyState, LoadState } from '../shared/LoadState.tsx';
import { UserAudit } from './UserAudit.tsx';
import { UserForm } from './UserForm.tsx';

const MFA_LABEL: Record<ManagedUser['mfa'], string> = { 'set-up': 'Set up', required: 'Required, not set up', off: 'Off' };
const fullName = (u: ManagedUser) => `${u.givenName} ${u.familyName}`.trim() || u.email;

/** What each step is called on its button and in the toast after it. */
const STEPS: Record<UserStepName, { label: string; done: string }> = {
  disable: { label: 'Disable', done: 'disabled' },
  enable: { label: 'Enable', done: 'enabled' },
  'reset-mfa': { label: 'Reset MFA', done: 'has MFA reset' },
  'resend-invitation': { label: 'Resend invitation', done: 'has been sent the invitation again' },
};

/** Staff's Settings → Users: invite, change, disable and enable users, reset MFA, and the audit of it all. */
export function ManageUsers({ client, customerId }: { client: ApiClient; customerId: string | null }) {
  const queryClient = useQueryClient();
  const id = useId();
  const reason = useReason();
  // null: no form; 'invite': a new user; a user: that user's changes.
  const [editing, setEditing] = useState<ManagedUser | 'invite' | null>(null);
  const users = useQuery(managedUsersQuery(client, customerId));
  const registry = useQuery(adminModulesQuery);
  const customers = useQuery(customersQuery);
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
    onError: (error, { user, name }) => toast.error(`Could not ${STEPS[name].label.toLowerCase()} ${fullName(user)}: ${error.message}`, { duration: 8_000 }),
    onSettled: refresh,
  });
  const take = (user: ManagedUser, name: UserStepName) => {
    const why = reason.require(`Say why, before you ${STEPS[name].label.toLowerCase()} a user: the reason goes to the audit log.`);
    if (why) step.mutate({ user, name, why });
  };

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
          customers={customers.data?.customers ?? []}
          onSubmit={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {!users.data && <LoadState what="the users" error={users.error} onRetry={() => void users.refetch()} />}
      {users.data?.users.length === 0 && <EmptyState>No users yet.</EmptyState>}
      {users.data && users.data.users.length > 0 && (
        <section aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>Users</h2>
          <ReasonField {...reason.field} label="Reason for the change" placeholder="e.g. left the company, lost their phone" />
          <div className="table-scroll">
            <table className="data-table" aria-labelledby={`${id}-title`}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Customer</th>
                  <th scope="col">MFA</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {[...users.data.users]
                  .sort((a, b) => `${a.familyName} ${a.givenName}`.localeCompare(`${b.familyName} ${b.givenName}`))
                  .map((u) => (
                    <tr key={u.username}>
                      <th scope="row">{fullName(u)}</th>
                      <td>{u.email}</td>
                      <td>{u.role ?? <span className="muted">none</span>}</td>
                      <td>{u.customerId ?? <span className="muted">none</span>}</td>
                      <td>{MFA_LABEL[u.mfa]}</td>
                      <td>{u.enabled ? u.status.toLowerCase().replaceAll('_', ' ') : 'disabled'}</td>
                      <td>
                        <div className="row-actions">
                          <button type="button" className="secondary" aria-label={`Edit ${fullName(u)}`} onClick={() => setEditing(u)}>
                            Edit
                          </button>
                          {(['disable', 'enable', 'reset-mfa', 'resend-invitation'] as const)
                            .filter((name) =>
                              name === 'disable'
                                ? u.enabled
                                : name === 'enable'
                                  ? !u.enabled
                                  : name === 'reset-mfa'
                                    ? u.mfa === 'set-up'
                                    : u.status === 'FORCE_CHANGE_PASSWORD',
                            )
                            .map((name) => (
                              <button
                                key={name}
                                type="button"
                                className="secondary"
                                aria-label={`${STEPS[name].label} ${fullName(u)}`}
                                disabled={step.isPending}
                                onClick={() => take(u, name)}
                              >
                                {STEPS[name].label}
                              </button>
                            ))}
                        </div>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <UserAudit client={client} />
    </>
  );
}
