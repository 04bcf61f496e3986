import type { ClaimedIdentity } from '../platform/customerContext.ts';
import { Amplify } from 'aws-amplify';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { PublicConfig } from '@platform/schemas';
import { amplifyAuthConfig, chooseAuthConfiguration, type AuthConfigurationKind } from './authConfiguration.ts';
import { openHostedUi, routeHostedUiToThisOrigin } from './localHostedUi.ts';
import { forgetHostedUiState, readStoredSignIn } from './storedSignIn.ts';

type Auth = PublicConfig['auth'];

/** Amplify's sign-in machinery, a chunk of its own (see signInFlow.ts). */
export const signInFlow = () => import('./signInFlow.ts');
let active: AuthConfigurationKind | undefined;
let settings: Auth | undefined;

function configure(auth: Auth, kind: AuthConfigurationKind): void {
  settings = auth;
  if (kind === 'singleSignOn' && auth.oauth && !auth.oauth.domain) routeHostedUiToThisOrigin();
  Amplify.configure({ Auth: amplifyAuthConfig(auth, kind, window.location.origin) });
  active = kind;
  // Loading signInWithRedirect's module starts Amplify's completion of a code flow in progress (it
  // checks on import and on every later configure): with the listener above, its outcome is announced.
  if (kind === 'singleSignOn') signInFlow().catch(() => announce({ ok: false, message: 'Single sign-on did not complete.' }));
}

/** The outcome of a hosted UI sign-in, kept until the router is there to act on it. */
export type FederatedSignInEvent = { ok: true } | { ok: false; message: string };
let pendingFederatedEvent: FederatedSignInEvent | undefined;
const federatedListeners = new Set<(event: FederatedSignInEvent) => void>();

function announce(event: FederatedSignInEvent) {
  if (federatedListeners.size === 0) pendingFederatedEvent = event;
  for (const listener of federatedListeners) listener(event);
}

/** Calls `listener` on each federated sign-in outcome, including one that came before it listened. */
export function onFederatedSignIn(listener: (event: FederatedSignInEvent) => void): () => void {
  federatedListeners.add(listener);
  if (pendingFederatedEvent) {
    const event = pendingFederatedEvent;
    pendingFederatedEvent = undefined;
    listener(event);
  }
  return () => federatedListeners.delete(listener);
}

/**
 * Spec section 4, step 1: sets the identity configuration if it is not yet set, from the query
 * (a sign-in code) and what an earlier sign-in left in this browser. Runs before any navigation.
 */
export function initialiseAuth(auth: Auth): AuthConfigurationKind {
  if (active) return active;
  // Listen first: completing a code flow starts as soon as Amplify has the single sign-on settings.
  Hub.listen('auth', ({ payload }) => {
    if (payload.event === 'signInWithRedirect') announce({ ok: true });
    if (payload.event === 'signInWithRedirect_failure') {
      const message = (payload.data as { error?: { message?: string } } | undefined)?.error?.message;
      announce({ ok: false, message: message || 'Single sign-on did not complete.' });
    }
  });
  configure(auth, chooseAuthConfiguration({ search: window.location.search, stored: readStoredSignIn(auth.userPoolClientId), ssoAvailable: Boolean(auth.oauth) }));
  return active ?? 'userPool';
}

/** Which identity configuration is in use. */
export function activeAuthConfiguration(): AuthConfigurationKind | undefined {
  return active;
}

/** /login/singleSignOn: switches to single sign-on and leaves for the hosted UI (code flow with PKCE). */
export async function startSingleSignOn(auth: Auth): Promise<void> {
  if (!auth.oauth) throw new Error('Single sign-on is not set up for this platform.');
  if (active !== 'singleSignOn') configure(auth, 'singleSignOn');
  const { signInWithRedirect } = await signInFlow();
  await signInWithRedirect({ options: { authSessionOpener: openHostedUi } });
}

/**
 * Signs out of the platform. A real hosted UI also ends its own session (Amplify sends the browser
 * to its logout page); the local one keeps none, so there the tokens are simply dropped.
 */
export async function signOutOfPlatform(): Promise<void> {
  if (settings && active === 'singleSignOn' && settings.oauth && !settings.oauth.domain) {
    forgetHostedUiState(settings.userPoolClientId);
    configure(settings, 'userPool');
  }
  await signOut();
}

export interface Session extends ClaimedIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * The role and customer the ID token's custom:auth names. Read without verification, so it only ever
 * shapes this browser's own requests; the service decides from the verified token.
 */
export function claimedIdentity(authClaim: unknown): ClaimedIdentity {
  if (typeof authClaim !== 'string') return { role: null, customerId: null };
  try {
    const auth = JSON.parse(authClaim) as { role?: unknown; customerId?: unknown };
    return {
      role: typeof auth.role === 'string' && auth.role ? auth.role : null,
      customerId: typeof auth.customerId === 'string' && auth.customerId ? auth.customerId : null,
    };
  } catch {
    return { role: null, customerId: null };
  }
}

/** The signed-in user, or null. Amplify refreshes the tokens when they are close to expiry. */
export async function currentSession(): Promise<Session | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const payload = tokens?.idToken?.payload;
    if (!payload?.sub) return null;
    const text = (name: string) => (typeof payload[name] === 'string' ? (payload[name] as string) : '');
    return { sub: String(payload.sub), email: text('email'), givenName: text('given_name'), familyName: text('family_name'), ...claimedIdentity(payload['custom:auth']) };
  } catch (error) {
    // Spec section 8: a failed current-user check is logged and treated as signed out.
    console.error('current-user check failed', error);
    return null;
  }
}

/** The current ID token, for the Authorization header of API calls. */
export async function currentIdToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString();
}

/** The user's preferred MFA method, or 'none'. */
export async function preferredMfa(): Promise<string> {
  const { fetchMFAPreference } = await signInFlow();
  const preference = await fetchMFAPreference();
  return preference.preferred ?? 'none';
}
