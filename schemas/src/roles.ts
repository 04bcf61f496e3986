/** The provider's staff (spec section 6): act for any customer, and see every module when their claim lists none. */
export const STAFF_ROLE = 'sentient';

/** Roles the administration screens offer; any other role can still be typed. */
export const KNOWN_ROLES: readonly string[] = [STAFF_ROLE, 'customer'];
