import { fetchAuthSession } from 'aws-amplify/auth';
import { claimedCustomerId } from '@platform/schemas';
import type { ClaimedIdentity } from '../selection/customerContext.ts';

/** The signed-in user as this browser knows them from the ID token. */
export interface Session extends ClaimedIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * The role and customer (in lower case, decision 0047) the ID token's custom:auth names. Read without verification, so it only ever
 * shapes this browser's own requests; the service decides from the verified token.
 */
function claimedIdentity(authClaim: unknown): ClaimedIdentity {
  if (typeof authClaim !== 'string') return { role: null, customerId: null };
  try {
    const auth = JSON.parse(authClaim) as { role?: unknown; customerId?: unknown };
    return {
      role: typeof auth.role === 'string' && auth.role ? auth.role : null,
      customerId: typeof auth.customerId === 'string' && auth.customerId ? claimedCustomerId(auth.customerId) : null,
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
    return {
      sub: String(payload.sub),
      email: text('email'),
      givenName: text('given_name'),
      familyName: text('family_name'),
      ...claimedIdentity(payload['custom:auth']),
    };
  } catch (error) {
    // Spec section 8: a failed current-user check is logged and treated as signed out.
    console.error('current-user check failed', error);
    return null;
  }
}
