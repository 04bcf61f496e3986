import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession, setUpTOTP, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { userManifestQuery } from '../../api/userManifest.ts';
import { preferredMfaQuery, usePreferredMfa } from '../../hooks/usePreferredMfa.ts';
import { describeAuthError } from '../../auth/authErrors.ts';
import { AuthenticatorKey, authenticatorEnrolment, type AuthenticatorEnrolment } from '../shared/AuthenticatorKey.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';

/** Sets up an authenticator app (TOTP) and makes it the preferred second factor. */
export function TotpSetup({ sub, email }: { sub: string; email: string }) {
  const queryClient = useQueryClient();
  const { data: config } = useQuery(publicConfigQuery);
  const preferred = usePreferredMfa(sub);
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment>();
  const begin = useMutation({
    mutationFn: async () => authenticatorEnrolment(await setUpTOTP(), config?.productName ?? 'Platform', email),
    onSuccess: setEnrolment,
  });
  const confirm = useMutation({
    mutationFn: async (code: string) => {
      await verifyTOTPSetup({ code });
      await updateMFAPreference({ totp: 'PREFERRED' });
    },
    onSuccess: async () => {
      setEnrolment(undefined);
      // The service may still remember "no MFA" for the token held until now; it asks the identity
      // provider afresh for a token issued after that (decision 0042). MFA is on whether or not the
      // refresh succeeds: a failed one only means the modules open at the next manifest fetch.
      await fetchAuthSession({ forceRefresh: true }).catch((caught: unknown) => console.warn('token refresh after MFA set-up failed', caught));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: preferredMfaQuery(sub).queryKey }),
        queryClient.invalidateQueries({ queryKey: userManifestQuery(sub).queryKey }),
      ]);
      toast.success('Multi-factor authentication is on.');
    },
  });
  const busy = begin.isPending || confirm.isPending;
  // Each step's failure until the next try: a set-up that could not start leaves nothing to verify.
  const failed = begin.error ?? confirm.error;
  const error = failed ? describeAuthError(failed) : undefined;

  const start = () => {
    confirm.reset();
    begin.mutate();
  };

  function verify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    begin.reset();
    confirm.mutate(String(new FormData(event.currentTarget).get('code') ?? '').trim());
  }

  if (preferred.data === 'TOTP') {
    return (
      <section aria-labelledby="mfa-heading" className="panel">
        <h2 id="mfa-heading">Multi-factor authentication</h2>
        <p role="status">Multi-factor authentication is on: sign-in asks for a code from your authenticator app.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="mfa-heading" className="panel">
      <h2 id="mfa-heading">Multi-factor authentication</h2>
      {!enrolment ? (
        <>
          <p>Protect your account with a code from an authenticator app each time you sign in.</p>
          <button type="button" onClick={start} disabled={busy || preferred.isPending}>
            Set up authenticator app
          </button>
        </>
      ) : (
        <form onSubmit={verify} className="form totp">
          <AuthenticatorKey enrolment={enrolment} />
          <label htmlFor="totp-code">Authentication code</label>
          <input id="totp-code" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" required />
          <button type="submit" disabled={busy}>
            Verify
          </button>
        </form>
      )}
      <ErrorNotice error={error} />
    </section>
  );
}
