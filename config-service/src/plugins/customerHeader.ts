import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isCustomerId } from '@platform/schemas';
import type { CustomerModules } from '../customers/customerModules.ts';
import { PlatformError } from '../errors.ts';

/** X-Customer-Id as a route's schema declares it: the customer staff act for (spec section 6). */
export const customerHeaderSchema = { type: 'object', properties: { 'x-customer-id': { type: 'string' } } } as const;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The customer named in X-Customer-Id, undefined when the header is absent or empty. Only staff's
     * choice counts (customerInContext): a customer user's browser may still send a stale one.
     */
    requestedCustomerId: string | undefined;
  }
}

async function customerHeaderPlugin(app: FastifyInstance) {
  // A getter: read when a handler asks, so a request costs nothing until then.
  app.decorateRequest('requestedCustomerId', {
    getter(this: FastifyRequest) {
      const header = this.headers['x-customer-id'];
      return typeof header === 'string' && header !== '' ? header : undefined;
    },
  });
}

/**
 * Resolves when the customer staff named in X-Customer-Id is in the store; else refuses it 400, with
 * the id as the problem's `unknownCustomer` member so a browser holding a stale choice can drop it.
 * Refused rather than served the defaults: every made-up name would otherwise be one more customer
 * whose switches, manifests and compressed answers the service keeps.
 */
export async function knownCustomer(customers: Pick<CustomerModules, 'exists'>, requested: string): Promise<void> {
  // Checked before the lookup: a database refuses some strings outright (a NUL byte), which would be a 500.
  if (!isCustomerId(requested))
    throw new PlatformError('CFG_ERR_CUSTOMER_HEADER_INVALID', 'X-Customer-Id must be a customer id (lower-case letters, digits and dashes)');
  if (!(await customers.exists(requested))) {
    throw new PlatformError('CFG_ERR_CUSTOMER_HEADER_UNKNOWN', `X-Customer-Id names no customer: '${requested}'; choose another`, {
      extensions: { unknownCustomer: requested },
    });
  }
}

/**
 * `request.requestedCustomerId` for the routes that take X-Customer-Id. Each route plugin that has
 * such routes registers it for itself (it decorates the plugin's own context, not the whole service).
 */
export default fp(customerHeaderPlugin, { name: 'customerHeader' });
