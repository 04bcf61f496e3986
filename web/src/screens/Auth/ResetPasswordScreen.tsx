import { confirmResetPassword } from 'aws-amplify/auth';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { newPasswordProblem, PASSWORD_HINT } from '../../auth/passwordPolicy.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LocalCodeHint } from './LocalCodeHint.tsx';
import { useAuthAction } from './useAuthAction.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/** /login/reset: the code from the email and a new password (confirmResetPassword). */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const destination = (useLocation().state as { destination?: string } | null)?.destination;
  const { busy, error, setError, run } = useAuthAction();
  const email = search.get('email') ?? '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get('email') ?? '').trim();
    const newPassword = String(form.get('password') ?? '');
    const problem = newPasswordProblem(newPassword, String(form.get('confirmPassword') ?? ''));
    if (problem) return setError(problem);
    void run(async () => {
      await confirmResetPassword({ username, confirmationCode: String(form.get('code') ?? '').trim(), newPassword });
      toast.success('Your password has been changed. Sign in with the new one.');
      navigate(APP_PATHS.login, { replace: true, state: { email: username } });
    });
  }

  return (
    <>
      <h1>Reset your password</h1>
      <p className="muted">{destination ? `We sent a code to ${destination}.` : 'Enter the code we sent you and choose a new password.'}</p>
      <form onSubmit={submit} className="form">
        <label htmlFor="reset-email">Email</label>
        <input id="reset-email" name="email" type="email" autoComplete="username" defaultValue={email} required />
        <label htmlFor="reset-code">Code</label>
        <input id="reset-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus={Boolean(email)} />
        <label htmlFor="reset-password">New password</label>
        <input id="reset-password" name="password" type="password" autoComplete="new-password" aria-describedby="reset-password-hint" required />
        <p id="reset-password-hint" className="hint">
          {PASSWORD_HINT}
        </p>
        <label htmlFor="reset-confirm-password">Confirm new password</label>
        <input id="reset-confirm-password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
      </form>
      <LocalCodeHint />
      <p className="auth-links">
        <Link to={APP_PATHS.forgot}>Send a new code</Link> · <Link to={APP_PATHS.login}>Back to sign in</Link>
      </p>
    </>
  );
}
