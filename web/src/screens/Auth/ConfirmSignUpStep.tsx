import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import type { FormEvent } from 'react';
import toast from 'react-hot-toast';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LocalCodeHint } from './LocalCodeHint.tsx';
import { useAuthAction } from './useAuthAction.ts';

interface ConfirmSignUpStepProps {
  email: string;
  /** Reached from sign-in (CONFIRM_SIGN_UP), not straight after creating the account. */
  fromSignIn?: boolean;
  onConfirmed: () => Promise<void> | void;
}

/**
 * Confirms a new account with the code sent to its email, after sign-up and when sign-in finds the
 * account unconfirmed (CONFIRM_SIGN_UP); "Send the code again" for a code that was lost or expired.
 */
export function ConfirmSignUpStep({ email, fromSignIn = false, onConfirmed }: ConfirmSignUpStepProps) {
  const { busy, error, setError, run } = useAuthAction();

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => {
      const result = await confirmSignUp({ username: email, confirmationCode: code });
      if (result.isSignUpComplete) await onConfirmed();
      else setError('The account needs a step this platform does not offer. Contact your administrator.');
    });
  }

  function resend() {
    void run(async () => {
      await resendSignUpCode({ username: email });
      toast.success(`A new code is on its way to ${email}.`);
    });
  }

  return (
    <>
      <h1>Confirm your email</h1>
      <p className="muted">
        {fromSignIn ? 'Your account is not confirmed yet. Enter the code we sent to ' : 'We sent a code to '}
        <strong>{email}</strong>
        {fromSignIn ? ' when you created it, or ask for a new one.' : '. Enter it to finish creating your account.'}
      </p>
      <form onSubmit={confirm} className="form">
        <label htmlFor="signup-code">Confirmation code</label>
        <input id="signup-code" name="code" inputMode="numeric" autoComplete="one-time-code" required autoFocus />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Confirming…' : 'Confirm'}
        </button>
      </form>
      <LocalCodeHint />
      <p className="auth-links">
        <button type="button" className="link-button" onClick={resend} disabled={busy}>
          Send the code again
        </button>
      </p>
    </>
  );
}
