import type { ResourcesConfig } from 'aws-amplify';
import type { PublicConfig } from '@platform/schemas';
import { APP_PATHS } from '../navigation/appPaths.ts';

/** The two identity configurations of spec section 4, step 1. */
export type AuthConfigurationKind = 'userPool' | 'singleSignOn';

export interface StoredSignIn {
  /** Payload of the ID token kept from an earlier sign-in, if any (only read, never trusted). */
  idTokenPayload?: Record<string, unknown>;
  /** Whether those tokens came from the hosted UI's code flow. */
  oauthSignIn: boolean;
}

/** Cognito puts the external identity provider's links into the `identities` claim of a federated user. */
export function isFederatedIdentity(payload: Record<string, unknown> | undefined): boolean {
  return Array.isArray(payload?.identities) && payload.identities.length > 0;
}

/**
 * Spec section 4, step 1: single sign-on when a sign-in code is in the query or the stored token
 * identifies a federated identity, otherwise the standard user-pool configuration. Tokens that came
 * through the hosted UI count as federated: the local identity provider's hosted UI stands in for a
 * corporate provider and cannot set `identities`, a claim Cognito reserves.
 */
export function chooseAuthConfiguration(input: { search: string; stored: StoredSignIn; ssoAvailable: boolean }): AuthConfigurationKind {
  if (!input.ssoAvailable) return 'userPool';
  if (new URLSearchParams(input.search).has('code')) return 'singleSignOn';
  if (isFederatedIdentity(input.stored.idTokenPayload) || input.stored.oauthSignIn) return 'singleSignOn';
  return 'userPool';
}

/** The Amplify configuration for one of the two kinds, for a page served from `origin`. */
export function amplifyAuthConfig(auth: PublicConfig['auth'], kind: AuthConfigurationKind, origin: string): NonNullable<ResourcesConfig['Auth']> {
  const endpoint = auth.userPoolEndpoint ? new URL(auth.userPoolEndpoint, origin).href : undefined;
  const cognito = {
    userPoolId: auth.userPoolId,
    userPoolClientId: auth.userPoolClientId,
    ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
  };
  if (kind === 'userPool' || !auth.oauth) return { Cognito: { ...cognito, loginWith: { email: true } } };
  return {
    Cognito: {
      ...cognito,
      loginWith: {
        email: true,
        oauth: {
          // An empty domain is the local identity provider's hosted UI, served by this page's own host.
          domain: auth.oauth.domain || new URL(origin).host,
          scopes: [...auth.oauth.scopes],
          responseType: auth.oauth.responseType,
          // The hosted UI sends the browser back to the single sign-on screen, and its sign-out ends at sign-in.
          redirectSignIn: [`${origin}${APP_PATHS.singleSignOn}`],
          redirectSignOut: [`${origin}${APP_PATHS.login}`],
        },
      },
    },
  };
}
