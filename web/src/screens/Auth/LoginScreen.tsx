import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInOutput } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { describeAuthError } from '../../auth/authErrors.ts';
import { readRedirectCookie } from '../../auth/forcedLogin.ts';
import { loadSignInFlow } from '../../auth/loadSignInFlow.ts';
import { sessionQuery } from '../../hooks/useSession.ts';
import { APP_PATHS } from '../../app/appPaths.ts';

type Step = 'password' | 'totp';

/** /login: email and password, then the authenticator code when the user has MFA on. */
export function LoginScreen() {
  const queryClient = useQueryClient();
  const { data: config } = useQuery(publicConfigQuery);
  const [step, setStep] = useState<Step>('password');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // Sign-up and password reset come back here with the address they used.
  const email = (useLocation().state as { email?: string } | null)?.email;

  async function after(result: SignInOutput) {
    if (result.isSignedIn) {
      // The guard takes the signed-in user on from here, to the carried address or '/'.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    } else if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') {
      setStep('totp');
    } else {
      setError(`Sign-in needs a step this platform does not offer (${result.nextStep.signInStep}). Contact your administrator.`);
    }
  }

  async function attempt(action: () => Promise<SignInOutput>) {
    setBusy(true);
    setError(undefined);
    try {
      await after(await action());
    } catch (caught) {
      // A provider that is down or behind a failing gateway gets a sentence, not a parser's message.
      setError(describeAuthError(caught));
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void attempt(async () =>
      (await loadSignInFlow()).signIn({
        username: String(form.get('email') ?? '').trim(),
        password: String(form.get('password') ?? ''),
        options: { authFlowType: config?.auth.authFlowType ?? 'USER_SRP_AUTH' },
      }),
    );
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void attempt(async () => (await loadSignInFlow()).confirmSignIn({ challengeResponse: code }));
  }

  const alert = error && (
    <p role="alert" className="form-error">
      {error}
    </p>
  );

  if (step === 'totp') {
    return (
      <>
        <h1>Enter your authentication code</h1>
        <form onSubmit={submitCode} className="form">
          <label htmlFor="login-code">Authentication code</label>
          <input id="login-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required autoFocus />
          {alert}
          <button type="submit" disabled={busy}>
            {busy ? 'Checking…' : 'Verify'}
          </button>
        </form>
      </>
    );
  }
  return (
    <>
      <h1>Sign in</h1>
      {readRedirectCookie() && (
        <p role="status" className="notice">
          Not Authenticated: your session has ended. Sign in again to continue where you were.
        </p>
      )}
      {/* Amplify's sign-in code is fetched once the user starts on the form, not before the form shows;
          a failed fetch is tried again, and reported, on submit. */}
      <form onSubmit={submitPassword} onFocus={() => void loadSignInFlow().catch(() => undefined)} className="form">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" name="email" type="email" autoComplete="username" defaultValue={email} required />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required autoFocus={Boolean(email)} />
        {alert}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="auth-links">
        <Link to={APP_PATHS.forgot}>Forgot your password?</Link> · <Link to={APP_PATHS.signup}>Create an account</Link> ·{' '}
        <Link to={APP_PATHS.singleSignOn}>Single sign-on</Link>
      </p>
    </>
  );
}
