import { useMutation, useQuery } from '@tanstack/react-query';
import { updatePassword } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { describeAuthError } from '../../auth/authErrors.ts';
import { DEFAULT_PASSWORD_POLICY, newPasswordProblem } from '../../auth/passwordPolicy.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { PasswordRules } from '../shared/PasswordRules.tsx';

/**
 * What the identity provider's refusals of a change mean here. Cognito answers a wrong current password
 * with NotAuthorizedException; the local emulator (cognito-local) with InvalidPasswordException, which
 * Cognito keeps for a new password its rules refuse (checked here first, so rarely seen).
 */
const REFUSALS: Record<string, string> = {
  NotAuthorizedException: 'Your current password is not right. Type it again.',
  InvalidPasswordException: 'The passwords were refused: check your current password, and that the new one has everything listed.',
};

/** Changes the signed-in user's password (Amplify's updatePassword), showing the pool's rules for the new one. */
export function ChangePassword() {
  const { data: config } = useQuery(publicConfigQuery);
  const policy = config?.auth.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  const [open, setOpen] = useState(false);
  // What is wrong with the fields as typed, said before anything is sent.
  const [problem, setProblem] = useState<string>();
  const change = useMutation({
    mutationFn: (passwords: { oldPassword: string; newPassword: string }) => updatePassword(passwords),
    onSuccess: () => {
      setOpen(false);
      toast.success('Your password has been changed.');
    },
  });
  const refusal = change.error && ((change.error instanceof Error && REFUSALS[change.error.name]) || describeAuthError(change.error));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const oldPassword = String(form.get('currentPassword') ?? '');
    const newPassword = String(form.get('newPassword') ?? '');
    const found =
      newPasswordProblem(newPassword, String(form.get('confirmPassword') ?? ''), policy) ??
      (newPassword === oldPassword ? 'The new password is the same as the current one.' : undefined);
    setProblem(found);
    if (found) return change.reset();
    change.mutate({ oldPassword, newPassword });
  }

  const close = () => {
    setOpen(false);
    setProblem(undefined);
    change.reset();
  };
  return (
    <section aria-labelledby="password-heading" className="panel">
      <h2 id="password-heading">Password</h2>
      {!open ? (
        <button type="button" onClick={() => setOpen(true)}>
          Change password
        </button>
      ) : (
        <form onSubmit={submit} className="form">
          <label htmlFor="current-password">Current password</label>
          <input id="current-password" name="currentPassword" type="password" autoComplete="current-password" required autoFocus />
          <label htmlFor="changed-password">New password</label>
          <input id="changed-password" name="newPassword" type="password" autoComplete="new-password" aria-describedby="changed-password-rules" required />
          <PasswordRules id="changed-password-rules" policy={policy} lead="Your new password needs:" />
          <label htmlFor="changed-password-confirm">Confirm new password</label>
          <input id="changed-password-confirm" name="confirmPassword" type="password" autoComplete="new-password" required />
          <ErrorNotice error={problem ?? refusal} />
          <div className="form-actions">
            <button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Saving…' : 'Save new password'}
            </button>
            <button type="button" className="secondary" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
