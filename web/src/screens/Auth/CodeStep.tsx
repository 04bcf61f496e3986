import type { FormEvent } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { LocalCodeHint } from './LocalCodeHint.tsx';
import { answerChallenge, type StepProps } from './signInSteps.ts';
import { useAuthAction } from './useAuthAction.ts';

interface CodeStepProps extends Pick<StepProps, 'onResult'> {
  title: string;
  label: string;
  /** Where the code was sent, when the identity provider says. */
  sentTo?: string | undefined;
  /** The code comes by email or text message: the local identity provider writes it to its log. */
  delivered?: boolean;
}

/**
 * A code that confirms it is the user: from the authenticator app (CONFIRM_SIGN_IN_WITH_TOTP_CODE),
 * a text message (CONFIRM_SIGN_IN_WITH_SMS_CODE) or an email (CONFIRM_SIGN_IN_WITH_EMAIL_CODE).
 */
export function CodeStep({ title, label, sentTo, delivered = false, onResult }: CodeStepProps) {
  const { busy, error, run } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => onResult(await answerChallenge(code)));
  }

  return (
    <>
      <h1>{title}</h1>
      {sentTo && <p className="muted">We sent a code to {sentTo}.</p>}
      <form onSubmit={submit} className="form">
        <label htmlFor="login-code">{label}</label>
        <input id="login-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6,8}" required autoFocus />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </form>
      {delivered && <LocalCodeHint />}
    </>
  );
}
