import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
 * `request.requestedCustomerId` for the routes that take X-Customer-Id. Each route plugin that has
 * such routes registers it for itself (it decorates the plugin's own context, not the whole service).
 */
export default fp(customerHeaderPlugin, { name: 'customerHeader' });
