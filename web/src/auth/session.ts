import { Amplify } from 'aws-amplify';
import { fetchAuthSession, fetchMFAPreference } from 'aws-amplify/auth';
import type { PublicConfig } from '@platform/schemas';

let configured = false;

/** Configures Amplify once from the service's runtime settings (nothing is baked into the bundle). */
export function configureAuth(auth: PublicConfig['auth']): void {
  if (configured) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: auth.userPoolId,
        userPoolClientId: auth.userPoolClientId,
        ...(auth.userPoolEndpoint ? { userPoolEndpoint: auth.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  configured = true;
}

export interface Session {
  sub: string;
  email: string;
}

/** The signed-in user, or null. Amplify refreshes the tokens when they are close to expiry. */
export async function currentSession(): Promise<Session | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const payload = tokens?.idToken?.payload;
    if (!payload?.sub) return null;
    return { sub: String(payload.sub), email: String(payload.email ?? '') };
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
  const preference = await fetchMFAPreference();
  return preference.preferred ?? 'none';
}
