import { currentIdToken } from '../auth/currentIdToken.ts';
import { chosenCustomer } from '../selection/customerContext.ts';
import { NotSignedInError } from './apiErrors.ts';

/**
 * Who a signed-in request goes to: the platform's own service, which takes the customer staff act
 * for from X-Customer-Id, or a backend, which takes the customer in its path.
 */
export type Audience = 'service' | 'backend';

/**
 * The headers that say who is asking, built here and nowhere else: the user's current ID token
 * (Amplify refreshes it before it expires, so it is read per request, never kept) and, for the
 * service, the customer staff chose. The service ignores the customer for anyone else and on routes
 * that do not take it; backends are never sent it, as other origins' CORS rules need not allow it.
 */
export async function signedInHeaders(audience: Audience): Promise<Record<string, string>> {
  const token = await currentIdToken();
  if (!token) throw new NotSignedInError();
  const customer = audience === 'service' ? chosenCustomer() : null;
  return { authorization: `Bearer ${token}`, ...(customer ? { 'x-customer-id': customer } : {}) };
}
