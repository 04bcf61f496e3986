import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { publicConfigQuery } from '../../api/publicConfig.ts';
import { startSingleSignOn } from '../../auth/startSingleSignOn.ts';
import { hostedUiFlowInFlight } from '../../auth/storedSignIn.ts';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useAuthAction } from './useAuthAction.ts';
import { APP_PATHS } from '../../navigation/appPaths.ts';

/**
 * /login/singleSignOn: leaves for the organisation's sign-in (OAuth code flow with PKCE, scope
 * openid) and is where it comes back with a code, which Amplify exchanges; the federated sign-in
 * event then takes the user to '/'.
 */
export function SingleSignOnScreen() {
  const { data: config } = useQuery(publicConfigQuery);
  const [search] = useSearchParams();
  const { busy, error, run } = useAuthAction();
  const clientId = config?.auth.userPoolClientId ?? '';
  // Decided once: the exchange ends the flow, and the page must not then call the code stale.
  const [completing] = useState(() => search.has('code') && hostedUiFlowInFlight(clientId));

  if (completing) {
    return (
      <>
        <h1>Single sign-on</h1>
        <p role="status" aria-busy="true">
          Completing your sign-in…
        </p>
      </>
    );
  }
  const oauth = config?.auth.oauth;
  return (
    <>
      <h1>Single sign-on</h1>
      {search.has('code') && (
        <p role="status" className="notice">
          That sign-in link has already been used or has expired. Start again.
        </p>
      )}
      {oauth ? (
        <>
          <p className="muted">Sign in with your organisation's account. You will be taken to its sign-in page and brought back here.</p>
          <ErrorNotice error={error} />
          <button type="button" className="wide" disabled={busy || !config} onClick={() => config && void run(() => startSingleSignOn(config.auth))}>
            {busy ? 'Opening your organisation’s sign-in…' : 'Continue with single sign-on'}
          </button>
        </>
      ) : (
        <p className="notice">Single sign-on is not set up for this platform. Sign in with your email and password.</p>
      )}
      <p className="auth-links">
        <Link to={APP_PATHS.login}>Sign in with email and password</Link>
      </p>
    </>
  );
}
