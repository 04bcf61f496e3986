import type { ManagedUser } from '@platform/schemas';
import type { UserStepName } from '../../api/userManagement.ts';
import { byName } from './groupByCustomer.ts';

/** How each MFA state reads in a users table. */
export const MFA_LABEL: Record<ManagedUser['mfa'], string> = { 'set-up': 'Set up', required: 'Required, not set up', off: 'Off' };

/** A user's name as the screens show it. */
export const fullName = (u: ManagedUser) => `${u.givenName} ${u.familyName}`.trim() || u.email;

/** What each step is called on its button and in the toast after it. */
export const STEPS: Record<UserStepName, { label: string; done: string }> = {
  disable: { label: 'Disable', done: 'disabled' },
  enable: { label: 'Enable', done: 'enabled' },
  'reset-mfa': { label: 'Reset MFA', done: 'has MFA reset' },
  'resend-invitation': { label: 'Resend invitation', done: 'has been sent the invitation again' },
};

/** The steps that suit the user now: disable or enable, reset MFA once set up, resend until the first sign-in. */
const stepsFor = (u: ManagedUser): UserStepName[] => [
  u.enabled ? 'disable' : 'enable',
  ...(u.mfa === 'set-up' ? (['reset-mfa'] as const) : []),
  ...(u.status === 'FORCE_CHANGE_PASSWORD' ? (['resend-invitation'] as const) : []),
];

interface Actions {
  edit: (user: ManagedUser) => void;
  take: (user: ManagedUser, step: UserStepName) => void;
  busy: boolean;
}

/** Users with what staff can do to each; every button names its user. */
export function ManagedUserTable({ caption, users, actions }: { caption: string; users: readonly ManagedUser[]; actions: Actions }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">MFA</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {byName(users).map((u) => (
            <tr key={u.username}>
              <th scope="row">{fullName(u)}</th>
              <td>{u.email}</td>
              <td>{u.role ?? <span className="muted">none</span>}</td>
              <td>{MFA_LABEL[u.mfa]}</td>
              <td>{u.enabled ? u.status.toLowerCase().replaceAll('_', ' ') : 'disabled'}</td>
              <td>
                <div className="row-actions">
                  <button type="button" className="secondary" aria-label={`Edit ${fullName(u)}`} onClick={() => actions.edit(u)}>
                    Edit
                  </button>
                  {stepsFor(u).map((step) => (
                    <button
                      key={step}
                      type="button"
                      className="secondary"
                      aria-label={`${STEPS[step].label} ${fullName(u)}`}
                      disabled={actions.busy}
                      onClick={() => actions.take(u, step)}
                    >
                      {STEPS[step].label}
                    </button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
