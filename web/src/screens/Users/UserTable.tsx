import { displayName, type MainUserList, type ManagedUser } from '@platform/schemas';
import type { UserStepName } from '../../api/userManagement.ts';
import { TableScroll } from '../shared/TableScroll.tsx';
import { byName } from './groupByCustomer.ts';

/** How each MFA state reads in a users table. */
const MFA_LABEL: Record<ManagedUser['mfa'], string> = { 'set-up': 'Set up', required: 'Required, not set up', off: 'Off' };

interface Step {
  /** On the row's button, before the user's name. */
  label: string;
  /** In the toast after it, after the user's name. */
  done: string;
  /** The dialog's button that takes it. */
  submit: string;
  /** What it does to the user, said in the dialog before anyone confirms (issue 35). */
  consequence: (u: ManagedUser) => string;
  /** Takes something from the user: its button stands out. */
  danger?: boolean;
}

/** What each step is called on its button, in its dialog and in the toast after it. */
export const STEPS: Record<UserStepName, Step> = {
  disable: {
    label: 'Disable',
    done: 'disabled',
    submit: 'Disable user',
    consequence: (u) => `${displayName(u)} can no longer sign in until someone enables them again.`,
    danger: true,
  },
  enable: { label: 'Enable', done: 'enabled', submit: 'Enable user', consequence: (u) => `${displayName(u)} can sign in again with their password.` },
  'reset-mfa': {
    label: 'Reset MFA',
    done: 'has MFA reset',
    submit: 'Reset MFA',
    // The claim decides whether they must (decision 0049): the service turns every second factor off.
    consequence: (u) =>
      u.requireMFA
        ? `${displayName(u)}'s authenticator stops working for this account: they must set MFA up again at their next sign-in.`
        : `${displayName(u)}'s authenticator stops working for this account: they must set MFA up again to use it, and until then sign in with their password alone.`,
    danger: true,
  },
  'resend-invitation': {
    label: 'Resend invitation',
    done: 'has been sent the invitation again',
    submit: 'Send the invitation again',
    consequence: (u) => `${u.email} is sent the invitation again, with a new temporary password.`,
  },
};

/**
 * The steps that suit the user now: disable or enable, reset MFA once set up, resend until the first
 * sign-in. On the administrator's own row, none the service refuses them (issue 37: another administrator
 * disables or resets them).
 */
const stepsFor = (u: ManagedUser, own: boolean): UserStepName[] => [
  ...(own ? [] : [u.enabled ? ('disable' as const) : ('enable' as const)]),
  ...(u.mfa === 'set-up' && !own ? (['reset-mfa'] as const) : []),
  ...(u.status === 'FORCE_CHANGE_PASSWORD' ? (['resend-invitation'] as const) : []),
];

interface Actions {
  /** `opener` is the button pressed: focus goes back to it when the form or dialog closes. */
  edit: (user: ManagedUser, opener: HTMLElement) => void;
  take: (user: ManagedUser, step: UserStepName, opener: HTMLElement) => void;
}

/**
 * Disable and Enable share a slot, so the button pressed stays the same element when the step turns it
 * into the other one, and keeps the keyboard's focus across the refetch (issue 35).
 */
const slot = (step: UserStepName) => (step === 'disable' || step === 'enable' ? 'toggle' : step);

/** What both views list of a user: the main backend's users and the user-management API's alike. */
type ListedUser = MainUserList['users'][number] | ManagedUser;

/**
 * The two views differ in the actions column: staff managing users get one, with what they can do to each
 * user, every button naming its user; anyone reading the main backend's list gets none.
 */
type Props = { caption: string } & (
  | {
      users: readonly ManagedUser[];
      actions: Actions;
      /** The signed-in administrator's sub: their own row offers no step on their rights. */
      self?: string;
    }
  | { users: readonly ListedUser[]; actions?: undefined; self?: undefined }
);

/**
 * Users with their email, role, MFA and status: the one users table of Settings → Users, for reading
 * and for managing (issue 37, decision 0084). For reading, the whole list by name; for managing, in the
 * order the service pages them (by e-mail address, decision 0091), so "Show more" adds rows below the
 * ones read, never among them. Below 767 px each row is a card (`user-cards`), every cell labelled by
 * its column, so nothing hides to the right (decision 0073).
 */
export function UserTable({ caption, users, actions, self }: Props) {
  return (
    <TableScroll label={caption}>
      <table className="data-table user-cards">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">MFA</th>
            <th scope="col">Status</th>
            {actions && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {(actions ? users : byName<ListedUser>(users)).map((u) => (
            <tr key={u.username}>
              <th scope="row">{displayName(u)}</th>
              <td data-label="Email">{u.email}</td>
              <td data-label="Role">{u.role ?? <span className="muted">none</span>}</td>
              <td data-label="MFA">{MFA_LABEL[u.mfa]}</td>
              <td data-label="Status">{u.enabled ? u.status.toLowerCase().replaceAll('_', ' ') : 'disabled'}</td>
              {actions && <ActionsCell user={u as ManagedUser} actions={actions} own={(u as ManagedUser).sub === self} />}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The staff view's last cell: Edit, and the steps that suit the user now. */
function ActionsCell({ user: u, actions, own }: { user: ManagedUser; actions: Actions; own: boolean }) {
  return (
    <td data-label="Actions">
      <div className="row-actions">
        <button type="button" className="secondary" aria-label={`Edit ${displayName(u)}`} onClick={(e) => actions.edit(u, e.currentTarget)}>
          Edit
        </button>
        {stepsFor(u, own).map((step) => (
          <button
            key={slot(step)}
            type="button"
            className="secondary"
            aria-label={`${STEPS[step].label} ${displayName(u)}`}
            onClick={(e) => actions.take(u, step, e.currentTarget)}
          >
            {STEPS[step].label}
          </button>
        ))}
      </div>
    </td>
  );
}
