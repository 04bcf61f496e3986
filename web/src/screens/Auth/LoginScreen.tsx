import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInOutput } from 'aws-amplify/auth';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { readRedirectCookie } from '../../api/forcedLogin.ts';
import { readSignInReason } from '../../api/signInReason.ts';
import { loadSignInFlow } from '../../auth/loadSignInFlow.ts';
import { sessionQuery } from '../../hooks/useSession.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { isShownStep, SignInStep, type ShownStep } from './SignInStep.tsx';
import { useAuthAction } from './useAuthAction.ts';

/**
 * /login: email and password, then each step the identity provider asks for (SignInStep) until the
 * user is signed in. The password is kept in memory only, to sign in again once an unconfirmed
 * account is confirmed.
 */
export function LoginScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: config } = useQuery(publicConfigQuery);
  const [step, setStep] = useState<ShownStep>();
  const { busy, error, setError, run } = useAuthAction();
  const credentials = useRef({ username: '', password: '' });
  // Sign-up and password reset come back here with the address they used.
  const email = (useLocation().state as { email?: string } | null)?.email;

  async function after(result: SignInOutput) {
    const next = result.nextStep;
    if (result.isSignedIn || next.signInStep === 'DONE') {
      // The guard takes the signed-in user on from here, to the carried address or '/'.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    } else if (next.signInStep === 'RESET_PASSWORD') {
      navigate(APP_PATHS.forgot, { state: { email: credentials.current.username, resetRequired: true } });
    } else if (isShownStep(next)) {
      setStep(next);
    } else {
      setStep(undefined);
      setError(`Sign-in needs a step this platform does not offer (${next.signInStep}). Contact your administrator.`);
    }
  }

  const signIn = async () =>
    after(await (await loadSignInFlow()).signIn({ ...credentials.current, options: { authFlowType: config?.auth.authFlowType ?? 'USER_SRP_AUTH' } }));

  function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    credentials.current = { username: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') };
    void run(signIn);
  }

  if (step) {
    return (
      <SignInStep
        step={step}
        email={credentials.current.username}
        onResult={after}
        onSignUpConfirmed={signIn}
        onBack={() => {
          setStep(undefined);
          setError(undefined);
        }}
      />
    );
  }
  return (
    <>
      <h1>Sign in</h1>
      {readSignInReason() === 'account-disabled' ? (
        <p role="status" className="notice">
          Your account has been disabled: you were signed out. Ask your administrator to enable it, then sign in again.
        </p>
      ) : (
        readRedirectCookie() && (
          <p role="status" className="notice">
            Not Authenticated: your session has ended. Sign in again to continue where you were.
          </p>
        )
      )}
      {/* Amplify's sign-in code is fetched once the user starts on the form, not before the form shows;
          a failed fetch is tried again, and reported, on submit. */}
      <form onSubmit={submitPassword} onFocus={() => void loadSignInFlow().catch(() => undefined)} className="form">
        <label htmlFor="login-email">Email</label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={email ?? (credentials.current.username || undefined)}
          required
        />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required autoFocus={Boolean(email)} />
        <ErrorNotice error={error} />
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
