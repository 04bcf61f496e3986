import { customerInContext as customerOf, STAFF_ROLE } from '@platform/schemas';

/** Where staff keep the customer they act for (spec section 3: kept only for the provider role). */
export const SELECTED_CUSTOMER_KEY = 'platform.selectedCustomerId';

/** What the customer in context depends on: the signed-in user's role and own customer, from their claim. */
export interface ClaimedIdentity {
  /** null: the token carries no authorisation claim. */
  role: string | null;
  customerId: string | null;
}

/** The customer in context (spec section 6, the rule the service applies), with staff's choice from localStorage. */
export function customerInContext(identity: ClaimedIdentity | null | undefined, storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  const claim = identity && identity.role !== null ? { role: identity.role, customerId: identity.customerId } : undefined;
  return customerOf(claim, storage.getItem(SELECTED_CUSTOMER_KEY));
}

/** Staff choose a customer (or none). */
export function chooseCustomer(customerId: string | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  if (customerId) storage.setItem(SELECTED_CUSTOMER_KEY, customerId);
  else storage.removeItem(SELECTED_CUSTOMER_KEY);
}

/** A choice left in this browser by a staff session must not follow anyone else. */
export function forgetChoiceUnlessStaff(identity: ClaimedIdentity | null | undefined, storage: Pick<Storage, 'removeItem'> = localStorage): void {
  if (identity && identity.role !== STAFF_ROLE) storage.removeItem(SELECTED_CUSTOMER_KEY);
}

/** The customer staff chose, sent as X-Customer-Id; the service ignores it for anyone else. */
export function chosenCustomer(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return storage.getItem(SELECTED_CUSTOMER_KEY) || null;
}
