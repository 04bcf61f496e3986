import type { FastifyInstance } from 'fastify';
import {
  customerInContext,
  messagingCompanyId,
  messagingEndpointListSchema,
  messagingEndpointSchema,
  problemSchema,
  type MessagingEndpoint,
  type MessagingEndpointList,
} from '@platform/schemas';
import { PlatformError } from '../../errors.ts';
import customerHeader, { customerHeaderSchema } from '../../plugins/customerHeader.ts';
import { staffOnly } from '../../plugins/staffOnly.ts';
import { RecentList } from './recentList.ts';

/** How many endpoint updates the local sink keeps. */
const KEPT = 500;

/**
 * The local stand-in for the messaging service (local mode): signed-in users send their endpoint
 * update on load; staff read what arrived. An update must describe the caller, as their verified
 * claims say, so no one can file a profile for someone else.
 */
export default async function messagingRoutes(app: FastifyInstance) {
  const received = new RecentList<MessagingEndpointList['endpoints'][number]>(KEPT);
  await app.register(customerHeader);

  app.post<{ Body: MessagingEndpoint }>(
    '/api/v1/messaging/endpoints',
    {
      onRequest: app.authenticate,
      schema: {
        summary: "The signed-in user's messaging endpoint update (local sink)",
        tags: ['messaging'],
        security: [{ bearerAuth: [] }],
        headers: customerHeaderSchema,
        body: { $ref: `${messagingEndpointSchema.$id}#` },
        response: { '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (request, reply) => {
      const user = request.verifiedUser;
      const endpoint = request.body;
      // Without an auth claim there is no role: the list is empty, as the web app sends it; [''] is refused.
      const role = user.auth?.role;
      const company = messagingCompanyId(role, customerInContext(user.auth, request.requestedCustomerId));
      const mismatch =
        endpoint.address.toLowerCase() !== user.email.toLowerCase()
          ? 'address'
          : (endpoint.attributes.role[0] ?? null) !== (role ?? null)
            ? 'role'
            : endpoint.attributes.companyId[0] !== company
              ? 'companyId'
              : undefined;
      if (mismatch) throw new PlatformError('CFG_ERR_FORBIDDEN', `the endpoint update's ${mismatch} is not the signed-in user's`);
      received.add({ receivedAt: new Date().toISOString(), sub: user.sub, endpoint });
      return reply.code(202).send();
    },
  );

  app.get(
    '/api/v1/admin/messaging/endpoints',
    {
      onRequest: [app.authenticate, staffOnly('read the messaging sink')],
      schema: {
        summary: 'Messaging endpoint updates the local sink received, newest first (staff only)',
        tags: ['messaging'],
        security: [{ bearerAuth: [] }],
        response: { 200: { $ref: `${messagingEndpointListSchema.$id}#` }, '4xx': { $ref: `${problemSchema.$id}#` } },
      },
    },
    async (_request, reply): Promise<MessagingEndpointList> => {
      reply.header('Cache-Control', 'no-store');
      return { endpoints: received.newestFirst() };
    },
  );
}
