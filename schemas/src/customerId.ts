import { userClaimsSchema } from './generated/user-claims.ts';

/** A customer id's JSON Schema, `$defs/customerId` of user-claims.schema.json, which every contract refers to. */
export const customerIdSchema = userClaimsSchema.$defs.customerId;

/** The pattern of a customer id, for code that declares or checks one outside the contracts. */
export const CUSTOMER_ID_PATTERN = customerIdSchema.pattern;

const CUSTOMER_ID = new RegExp(CUSTOMER_ID_PATTERN);

/** Whether text is a customer id: lower-case letters, digits and dashes, not starting with a dash, at most 63. */
export const isCustomerId = (text: string): boolean => CUSTOMER_ID.test(text);
