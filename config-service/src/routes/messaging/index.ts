import type { FastifyInstance } from 'fastify';
import {
  customerInContext,
  messagingEndpoint,
  messagingEndpointListSchema,
  messagingEndpointSchema,
  problemSchema,
  STAFF_ROLE,
  type MessagingEndpoint,
  type MessagingEndpointList,
} from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import { LocalMessagingSink } from '../../messaging/localSink.ts';
import messagingDelivery, { type MessagingDeliveryOptions } from '../../messaging/messagingDelivery.ts';
import type { CustomerModules } from '../../customers/customerModules.ts';
import adminApi from '../../plugins/adminApi.ts';
import customerHeader, { customerHeaderSchema, knownCustomer } from '../../plugins/customerHeader.ts';

export interface MessagingRouteOptions extends MessagingDeliveryOptions {
  /** The customers staff may name in X-Customer-Id. */
  customers: Pick<CustomerModules, 'exists'>;
}

/**
 * Signed-in users send their endpoint update on load (spec section 7); the service checks that it is
 * theirs, builds the update it forwards from the verified token, and hands it to the configured sink
 * through a bounded retry queue, answering 202 without waiting for the sink (decision 0055). With the
 * local sink, staff read what arrived.
 */
export default async function messagingRoutes(app: FastifyInstance, options: MessagingRouteOptions) {
  // Registered here, so the sink and its queue exist only where messaging is configured.
  await app.register(messagingDelivery, options);
  const { sink, submit } = app.messagingDelivery;
  await app.register(customerHeader);

  app.post<{ Body: MessagingEndpoint }>(
    '/api/v1/messaging/endpoints',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's messaging endpoint update, forwarded to the configured sink",
        tags: ['messaging'],
        security: [{ bearerAuth: [] }],
        headers: customerHeaderSchema,
        body: { $ref: `${messagingEndpointSchema.$id}#` },
        response: { '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const user = request.verifiedUser;
      const sent = request.body;
      // Without an auth claim there is no role: the list is empty, as the web app sends it; [''] is refused.
      const role = user.auth?.role ?? null;
      // Staff's choice of customer is checked as on every other route that takes it: a made-up or
      // malformed id would otherwise go on to the sink as the company of their profile.
      if (role === STAFF_ROLE && request.requestedCustomerId !== undefined) await knownCustomer(options.customers, request.requestedCustomerId);
      const endpoint = messagingEndpoint({ ...user, role, customerId: customerInContext(user.auth, request.requestedCustomerId) });
      const mismatch =
        sent.address.toLowerCase() !== endpoint.address.toLowerCase()
          ? 'address'
          : (sent.attributes.role[0] ?? null) !== role
            ? 'role'
            : sent.attributes.companyId[0] !== endpoint.attributes.companyId[0]
              ? 'companyId'
              : undefined;
      if (mismatch) throw new PlatformError('CFG_ERR_FORBIDDEN', `the endpoint update's ${mismatch} is not the signed-in user's`);
      // What goes on is the token's, names included: the body only had to agree.
      submit(user.sub, { sub: user.sub, receivedAt: new Date().toISOString(), givenName: user.givenName, familyName: user.familyName, endpoint });
      return reply.code(202).send();
    },
  );

  if (!(sink instanceof LocalMessagingSink)) return;
  await app.register(adminApi, {
    routes: async (admin) => {
      admin.get(
        '/api/v1/admin/messaging/endpoints',
        {
          schema: {
            summary: 'Messaging endpoint updates the local sink received, newest first (staff only)',
            tags: ['messaging'],
            response: { 200: { $ref: `${messagingEndpointListSchema.$id}#` } },
          },
        },
        async (): Promise<MessagingEndpointList> => ({ endpoints: sink.newestFirst() }),
      );
    },
  });
}
