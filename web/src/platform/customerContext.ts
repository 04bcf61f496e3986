/** The provider's staff (spec section 6). */
export const STAFF_ROLE = 'sentient';

/** Where staff keep the customer they act for (spec section 3: kept only for the provider role). */
export const SELECTED_CUSTOMER_KEY = 'platform.selectedCustomerId';

/** What the customer in context depends on: the signed-in user's role and own customer, from their claim. */
export interface ClaimedIdentity {
  /** null: the token carries no authorisation claim. */
  role: string | null;
  customerId: string | null;
}

/**
 * Spec section 6, in one function: staff act for the customer they chose (from localStorage);
 * anyone else has their own claim's customer; without an auth claim there is none.
 */
export function customerInContext(identity: ClaimedIdentity | null | undefined, storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  if (!identity || identity.role === null) return null;
  if (identity.role === STAFF_ROLE) return storage.getItem(SELECTED_CUSTOMER_KEY) || null;
  return identity.customerId;
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
