import { fullName } from '@platform/schemas';
import { Link, useSearchParams } from 'react-router';
import { APP_PATHS } from '../../navigation/appPaths.ts';
import { activeAuthConfiguration } from '../../auth/activeAuthConfiguration.ts';
import { useUserManifest } from '../../hooks/useUserManifest.ts';
import { ChangePassword } from './ChangePassword.tsx';
import { TotpSetup } from './TotpSetup.tsx';
import { UserMeta } from './UserMeta.tsx';

/** /profile: who the user is, a change of password and, when their organisation requires it, the call to set up MFA. */
export function ProfileScreen() {
  const { data: manifest } = useUserManifest();
  const [search] = useSearchParams();
  const user = manifest?.user;
  return (
    <article className="screen">
      <h1>Profile</h1>
      {/* The service's answer, not the address: it says whether the identity provider has MFA for the user. */}
      {manifest?.mfaPending ? (
        <div role="alert" className="notice">
          Your organisation requires multi-factor authentication. Set up an authenticator app below to continue to your modules; until then this page and
          signing out are all there is.
        </div>
      ) : (
        manifest?.requireMFA &&
        search.get('require') === 'mfa' && (
          <p role="status" className="notice">
            Multi-factor authentication is set up. <Link to={APP_PATHS.root}>Continue to your modules</Link>
          </p>
        )
      )}
      {user && (
        <dl className="profile">
          <div>
            <dt>Name</dt>
            <dd>{fullName(user)}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt>Role</dt>
            <dd>{user.role ?? 'none'}</dd>
          </div>
          {!manifest.mfaPending && (
            <div>
              <dt>Customer</dt>
              <dd>{manifest.customerId ?? 'none selected'}</dd>
            </div>
          )}
          <div>
            <dt>Signed in with</dt>
            <dd>{activeAuthConfiguration() === 'singleSignOn' ? 'Single sign-on' : 'Email and password'}</dd>
          </div>
        </dl>
      )}
      {user && <UserMeta meta={user.meta} />}
      {/* A single sign-on user's password is their organisation's, changed there. */}
      {user && activeAuthConfiguration() !== 'singleSignOn' && <ChangePassword />}
      {user && <TotpSetup sub={user.sub} email={user.email} />}
    </article>
  );
}
