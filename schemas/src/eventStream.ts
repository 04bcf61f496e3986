import { STAFF_ROLE } from './roles.ts';

/**
 * Whether a user has an event stream (GET /api/v1/events): staff always (they follow every customer),
 * anyone else only with a customer in context, since everything the stream tells them is about it.
 * The service refuses the others; the web app does not ask for one (decision 0080).
 */
export function receivesEventStream(role: string | null | undefined, customerInContext: string | null | undefined): boolean {
  return role === STAFF_ROLE || (customerInContext !== null && customerInContext !== undefined);
}
