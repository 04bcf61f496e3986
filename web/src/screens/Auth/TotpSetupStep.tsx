import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { AuthenticatorKey, authenticatorEnrolment, type AuthenticatorEnrolment } from '../shared/AuthenticatorKey.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { answerChallenge, type StepProps, type TotpSetupDetails } from './signInSteps.ts';
import { useAuthAction } from './useAuthAction.ts';

/**
 * CONTINUE_SIGN_IN_WITH_TOTP_SETUP: the pool requires MFA and the user has none, so the authenticator
 * app is set up here, before the first sign-in completes; the first code it shows finishes both.
 */
export function TotpSetupStep({ details, email, onResult }: StepProps & { details: TotpSetupDetails }) {
  const { data: config } = useQuery(publicConfigQuery);
  const productName = config?.productName ?? 'Platform';
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment>();
  const { busy, error, setError, run } = useAuthAction();

  // Drawing the QR code is work outside React; done once per key.
  useEffect(() => {
    let current = true;
    authenticatorEnrolment(details, productName, email)
      .then((made) => current && setEnrolment(made))
      .catch(() => current && setError('The QR code could not be drawn; enter the secret key by hand.'));
    return () => {
      current = false;
    };
  }, [details, productName, email, setError]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    void run(async () => onResult(await answerChallenge(code)));
  }

  return (
    <>
      <h1>Set up your authenticator app</h1>
      <p className="muted">This platform requires a code from an authenticator app at each sign-in.</p>
      <form onSubmit={submit} className="form totp">
        {enrolment && <AuthenticatorKey enrolment={enrolment} />}
        <label htmlFor="setup-code">Authentication code</label>
        <input id="setup-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
        <ErrorNotice error={error} />
        <button type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </form>
    </>
  );
}
