import { customerInContext } from '../selection/customerContext.ts';
import { useSession } from './useSession.ts';
import { useUserManifest } from './useUserManifest.ts';

/** The customer the signed-in user works in (spec section 6), as the client and the chrome use it. */
export function useCustomerId(): string | null {
  const session = useSession();
  // Staff switching customers refetch their manifest; reading it here re-renders on the switch.
  useUserManifest();
  return customerInContext(session);
}
