import { Amplify } from 'aws-amplify';
import type { PublicConfig } from '@platform/schemas';
import { amplifyAuthConfig, chooseAuthConfiguration, type AuthConfigurationKind } from './authConfiguration.ts';
import { announceFederatedSignIn, listenForFederatedSignIn } from './federatedSignIn.ts';
import { loadSignInFlow } from './loadSignInFlow.ts';
import { routeHostedUiToThisOrigin } from './localHostedUi.ts';
import { readStoredSignIn } from './storedSignIn.ts';

type Auth = PublicConfig['auth'];

// The one identity configuration Amplify holds for this page, and the settings it was made from.
let active: AuthConfigurationKind | undefined;
let settings: Auth | undefined;

/** Configures Amplify's Auth as one of the two kinds of spec section 4, step 1. */
export function switchAuthConfiguration(auth: Auth, kind: AuthConfigurationKind): void {
  settings = auth;
  if (kind === 'singleSignOn' && auth.oauth && !auth.oauth.domain) routeHostedUiToThisOrigin();
  Amplify.configure({ Auth: amplifyAuthConfig(auth, kind, window.location.origin) });
  active = kind;
  // Loading signInWithRedirect's module starts Amplify's completion of a code flow in progress (it
  // checks on import and on every later configure): with the Hub listener, its outcome is announced.
  if (kind === 'singleSignOn')
    loadSignInFlow().catch(() => announceFederatedSignIn({ ok: false, message: 'the sign-in could not be loaded; check the connection and try again' }));
}

/**
 * Spec section 4, step 1: sets the identity configuration if it is not yet set, from the query
 * (a sign-in code) and what an earlier sign-in left in this browser. Runs before any navigation.
 */
export function initialiseAuth(auth: Auth): AuthConfigurationKind {
  if (active) return active;
  // Listen first: completing a code flow starts as soon as Amplify has the single sign-on settings.
  listenForFederatedSignIn();
  switchAuthConfiguration(
    auth,
    chooseAuthConfiguration({ search: window.location.search, stored: readStoredSignIn(auth.userPoolClientId), ssoAvailable: Boolean(auth.oauth) }),
  );
  return active ?? 'userPool';
}

/** Which identity configuration is in use. */
export function activeAuthConfiguration(): AuthConfigurationKind | undefined {
  return active;
}

/** The identity settings the configuration in use was made from; undefined before initialiseAuth. */
export function activeAuthSettings(): Auth | undefined {
  return settings;
}
