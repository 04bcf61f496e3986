import { useQuery, useQueryClient } from '@tanstack/react-query';
import { signIn } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { sessionQuery } from '../../hooks/useSession.ts';

/** /login: email and password, then back to the address the user meant to open. */
export function LoginScreen() {
  const queryClient = useQueryClient();
  const { data: config } = useQuery(publicConfigQuery);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const result = await signIn({
        username: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        options: { authFlowType: config?.auth.authFlowType ?? 'USER_SRP_AUTH' },
      });
      if (!result.isSignedIn) {
        setError(`Sign-in needs another step (${result.nextStep.signInStep}), which is not available yet.`);
        return;
      }
      // The guard takes the signed-in user on from here, to the carried address or '/'.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Sign-in failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Sign in</h1>
      <form onSubmit={submit} className="form" noValidate={false}>
        <label htmlFor="login-email">Email</label>
        <input id="login-email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p role="alert" className="form-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-links">
        <Link to="/login/forgot">Forgot your password?</Link> · <Link to="/login/signup">Create an account</Link> ·{' '}
        <Link to="/login/singleSignOn">Single sign-on</Link>
      </p>
    </>
  );
}
