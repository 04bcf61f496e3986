import { useNavigate } from 'react-router';
import { APP_PATHS } from '../navigation/appPaths.ts';

/**
 * The whole page a signed-in user sees when the service cannot read their authorisation claim
 * (403 CFG_ERR_ACCOUNT_MISCONFIGURED). It stays put: no automatic sign-out and sign-in, which would
 * bring the same claim back and go round for ever; the user signs out when they choose.
 */
export function AccountMisconfigured({ detail }: { detail: string | undefined }) {
  const navigate = useNavigate();
  return (
    <main id="main" className="centered">
      <div className="card" role="alert">
        <h1>Your account is misconfigured</h1>
        <p>
          You are signed in, but the settings your organisation keeps for your account cannot be read, so the platform cannot tell what you may open. Signing in
          again will not change this.
        </p>
        <p>
          Ask your administrator, who manages your organisation's users of the platform, to correct your account. If you work for the platform's provider, ask
          provider support.
        </p>
        {detail && <p>What to tell them: {detail}</p>}
        <button type="button" onClick={() => navigate(APP_PATHS.logout)}>
          Sign out
        </button>
      </div>
    </main>
  );
}
