import type { FormEvent } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { answerChallenge, type StepProps } from './signInSteps.ts';
import { useAuthAction } from './useAuthAction.ts';

/** CONTINUE_SIGN_IN_WITH_EMAIL_SETUP: the address sign-in codes go to; a code sent there follows. */
export function EmailSetupStep({ email, onResult }: StepProps) {
  const { busy, error, run } = useAuthAction();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    void run(async () => onResult(await answerChallenge(address)));
  }

  return (
    <>
      <h1>Get sign-in codes by email</h1>
      <p className="muted">This platform requires a second step at sign-in. Say where to send its codes.</p>
      <form onSubmit={submit} className="form">
        <label htmlFor="mfa-email">Email for sign-in codes</label>
        <input id="mfa-email" name="email" type="email" autoComplete="email" defaultValue={email} required autoFocus />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send code'}
        </button>
      </form>
    </>
  );
}
