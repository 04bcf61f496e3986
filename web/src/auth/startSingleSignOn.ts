import type { PublicConfig } from '@platform/schemas';
import { activeAuthConfiguration, switchAuthConfiguration } from './activeAuthConfiguration.ts';
import { loadSignInFlow } from './loadSignInFlow.ts';
import { openHostedUi } from './localHostedUi.ts';

/** /login/singleSignOn: switches to single sign-on and leaves for the hosted UI (code flow with PKCE). */
export async function startSingleSignOn(auth: PublicConfig['auth']): Promise<void> {
  if (!auth.oauth) throw new Error('Single sign-on is not set up for this platform.');
  if (activeAuthConfiguration() !== 'singleSignOn') switchAuthConfiguration(auth, 'singleSignOn');
  const { signInWithRedirect } = await loadSignInFlow();
  await signInWithRedirect({ options: { authSessionOpener: openHostedUi } });
}
