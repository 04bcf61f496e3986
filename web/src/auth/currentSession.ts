import { fetchAuthSession } from 'aws-amplify/auth';
import { readAuthClaimText } from '@platform/schemas';
import type { ClaimedIdentity } from '../selection/customerContext.ts';

/** The signed-in user as this browser knows them from the ID token. */
export interface Session extends ClaimedIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * The role and customer the ID token's custom:auth names, read as the service reads it (decision 0082):
 * pat's `"ACME"` is acme, a claim the service refuses names nothing. Read without verification, so it
 * only ever shapes this browser's own requests; the service decides from the verified token.
 */
function claimedIdentity(authClaim: unknown): ClaimedIdentity {
  const reading = readAuthClaimText(authClaim);
  if (reading.kind !== 'read') return { role: null, customerId: null };
  return { role: reading.claim.role, customerId: reading.claim.customerId ?? null };
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
