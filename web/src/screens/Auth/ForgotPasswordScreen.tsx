import { resetPassword } from 'aws-amplify/auth';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useAuthAction } from './useAuthAction.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/**
 * /login/forgot: asks the identity provider to send a reset code, then goes on to /login/reset. Sign-in
 * sends the user here, with their email, when the pool says their password must be reset (RESET_PASSWORD).
 */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const carried = useLocation().state as { email?: string; resetRequired?: boolean } | null;
  const { busy, error, run } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void run(async () => {
      const result = await resetPassword({ username: email });
      const destination = result.nextStep.codeDeliveryDetails?.destination;
      navigate(`${APP_PATHS.reset}?${new URLSearchParams({ email })}`, { state: { destination } });
    });
  }

  return (
    <>
      <h1>Forgot your password?</h1>
      {carried?.resetRequired && (
        <p role="status" className="notice">
          Your password must be reset before you can sign in.
        </p>
      )}
      <p className="muted">Enter your email and we will send you a code to choose a new password.</p>
      <form onSubmit={submit} className="form">
        <label htmlFor="forgot-email">Email</label>
        <input id="forgot-email" name="email" type="email" autoComplete="username" defaultValue={carried?.email} required autoFocus />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
      </form>
      <p className="auth-links">
        <Link to={APP_PATHS.login}>Back to sign in</Link> · <Link to={APP_PATHS.reset}>I already have a code</Link>
      </p>
    </>
  );
}
