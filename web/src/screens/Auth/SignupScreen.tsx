import { signUp } from 'aws-amplify/auth';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { newPasswordProblem, PASSWORD_HINT } from '../../auth/passwordPolicy.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { ConfirmSignUpStep } from './ConfirmSignUpStep.tsx';
import { useAuthAction } from './useAuthAction.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/**
 * /login/signup: create an account, then confirm it with the emailed code. The step lives in the
 * address (?confirm=email) so a person who comes back later with the code can still finish.
 */
export function SignupScreen() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const confirming = search.get('confirm');
  const { busy, error, setError, run } = useAuthAction();

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = text(form, 'email');
    const password = String(form.get('password') ?? '');
    const problem = newPasswordProblem(password, String(form.get('confirmPassword') ?? ''));
    if (problem) return setError(problem);
    void run(async () => {
      const result = await signUp({
        username: email,
        password,
        options: { userAttributes: { email, given_name: text(form, 'givenName'), family_name: text(form, 'familyName') } },
      });
      if (result.isSignUpComplete) return finish(email);
      setSearch({ confirm: email }, { replace: true });
    });
  }

  function finish(email: string) {
    toast.success('Your account is ready. Sign in with your new password.');
    navigate(APP_PATHS.login, { replace: true, state: { email } });
  }

  if (confirming) {
    return (
      <>
        <ConfirmSignUpStep email={confirming} onConfirmed={() => finish(confirming)} />
        <p className="auth-links">
          <Link to={APP_PATHS.login}>Back to sign in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Create an account</h1>
      <form onSubmit={create} className="form">
        <div className="form-row">
          <div>
            <label htmlFor="signup-given-name">First name</label>
            <input id="signup-given-name" name="givenName" autoComplete="given-name" required />
          </div>
          <div>
            <label htmlFor="signup-family-name">Last name</label>
            <input id="signup-family-name" name="familyName" autoComplete="family-name" required />
          </div>
        </div>
        <label htmlFor="signup-email">Email</label>
        <input id="signup-email" name="email" type="email" autoComplete="email" required />
        <label htmlFor="signup-password">Password</label>
        <input id="signup-password" name="password" type="password" autoComplete="new-password" aria-describedby="signup-password-hint" required />
        <p id="signup-password-hint" className="hint">
          {PASSWORD_HINT}
        </p>
        <label htmlFor="signup-confirm-password">Confirm password</label>
        <input id="signup-confirm-password" name="confirmPassword" type="password" autoComplete="new-password" required />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p className="auth-links">
        Already have an account? <Link to={APP_PATHS.login}>Sign in</Link>
      </p>
    </>
  );
}
