import { signOut } from 'aws-amplify/auth';
import { activeAuthConfiguration, activeAuthSettings, switchAuthConfiguration } from './activeAuthConfiguration.ts';
import { forgetHostedUiState } from './storedSignIn.ts';

/**
 * Signs out of the platform. A real hosted UI also ends its own session (Amplify sends the browser
 * to its logout page); the local one keeps none, so there the tokens are simply dropped.
 */
export async function signOutOfPlatform(): Promise<void> {
  const settings = activeAuthSettings();
  if (settings && activeAuthConfiguration() === 'singleSignOn' && settings.oauth && !settings.oauth.domain) {
    forgetHostedUiState(settings.userPoolClientId);
    switchAuthConfiguration(settings, 'userPool');
  }
  await signOut();
}
